import Testing
import VitrineCore
import VitrineSystem

/// udev's `LIBINPUT_CALIBRATION_MATRIX` through libudev opened with dlopen.
@Suite struct TouchCalibrationTests {
    @Test func libudevOpensAndAMachineWithoutATouchScreenHasNoMatrix() {
        let found = TouchCalibration.fromUdev()
        #expect(found != .noLibudev, "libudev.so.1 (libudev1) is installed where the tests run")
        if case .matrix(let matrix, let device) = found {
            // A machine with a calibrated touch screen: what udev says must be six numbers.
            #expect(matrix.values.count == 6 && device.hasPrefix("/dev/input/"))
        } else {
            #expect(found == .none)
        }
    }

    @Test func messagesNameTheDeviceAndWhatToInstall() {
        #expect(TouchCalibration.message(.matrix(TouchMatrix([0, 1, 0, 1, 0, 0])!, device: "/dev/input/event3"))
                == "touch: LIBINPUT_CALIBRATION_MATRIX of /dev/input/event3 is 0 1 0 1 0 0 (display.touchMatrix overrides it)")
        #expect(TouchCalibration.message(.noLibudev)
                == "touch: libudev.so.1 is not installed, so udev's LIBINPUT_CALIBRATION_MATRIX is not read (Debian: libudev1)")
        #expect(TouchCalibration.message(.none) == nil)
    }
}
