import CSDL2
import CX11Power

extension Window {
    /// How a sleeping kiosk let its display power down, to undo it on waking.
    public struct PowerDown: Sendable {
        /// Whether SDL's screen saver inhibition was on before the kiosk slept (kiosk mode turns it on at start,
        /// and SDL 2 turns it on by default): it is turned on again on waking.
        var screenSaverWasDisabled: Bool
        /// How the display was powered down: DPMS, the X screen saver, or not at all (not on X11).
        var method: VitrinePowerMethod
        /// Whether DPMS was off and the kiosk enabled it to power down; disabled again on waking.
        var enabledDPMS: Bool

        /// What was done, for the log.
        public var description: String {
            switch method {
            case VITRINE_POWER_DPMS: "the display is powered down (X11 DPMS off)"
            case VITRINE_POWER_SCREEN_SAVER: "the X screen saver is active (the server has no DPMS)"
            default: "the screen is black (this video driver has no display power control in SDL 2)"
            }
        }
    }

    /// Lets the display power down while the kiosk sleeps: the screen saver is allowed again, then under X11 the
    /// display is asked to power down at once (DPMS, else the screen saver). Call only when the kiosk falls asleep.
    ///
    /// The screen saver goes first: while SDL inhibits it, it resets the X screen saver every few seconds, and a
    /// reset powers a DPMS display on again.
    public func powerDown() -> PowerDown {
        let wasDisabled = SDL_IsScreenSaverEnabled() == SDL_FALSE
        SDL_EnableScreenSaver()
        var enabledDPMS: Int32 = 0
        let method = vitrine_power_off(pointer, &enabledDPMS)
        return PowerDown(screenSaverWasDisabled: wasDisabled, method: method, enabledDPMS: enabledDPMS != 0)
    }

    /// Powers the display on again after ``powerDown()`` and inhibits the screen saver again if it was.
    public func powerUp(_ down: PowerDown) {
        vitrine_power_on(pointer, down.method, down.enabledDPMS ? 1 : 0)
        if down.screenSaverWasDisabled { SDL_DisableScreenSaver() }
    }
}
