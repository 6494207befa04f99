/// The names of days, months and the half days in the kiosk's language: what the overlay's patterns spell out.
///
/// The core reads no locale: the system side reads these once (`LocaleNames.system()`, `nl_langinfo` for
/// `LC_TIME`) and hands them in (``KioskRuntime/Settings/localeNames``); English when it has none.
public struct LocaleNames: Sendable, Equatable {
    /// Day names from Sunday, as `nl_langinfo`'s `DAY_1`…`DAY_7` run.
    public var weekdays: [String]
    /// Abbreviated day names from Sunday (`ABDAY_1`…).
    public var shortWeekdays: [String]
    /// Month names from January (`MON_1`…).
    public var months: [String]
    /// Abbreviated month names from January (`ABMON_1`…).
    public var shortMonths: [String]
    /// The morning and afternoon markers (`AM_STR`, `PM_STR`); empty in many 24-hour locales.
    public var am: String
    public var pm: String

    /// Names as given; a list of the wrong length, or an empty name in it, gives English's for that list.
    public init(weekdays: [String], shortWeekdays: [String], months: [String], shortMonths: [String], am: String, pm: String) {
        func usable(_ names: [String], _ count: Int, _ english: [String]) -> [String] {
            names.count == count && names.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.count <= 40 }) ? names : english
        }
        self.weekdays = usable(weekdays, 7, LocaleNames.englishWeekdays)
        self.shortWeekdays = usable(shortWeekdays, 7, LocaleNames.englishWeekdays.map { String($0.prefix(3)) })
        self.months = usable(months, 12, LocaleNames.englishMonths)
        self.shortMonths = usable(shortMonths, 12, LocaleNames.englishMonths.map { String($0.prefix(3)) })
        self.am = am.unicodeScalars.count <= 40 ? am : "AM"
        self.pm = pm.unicodeScalars.count <= 40 ? pm : "PM"
    }

    private static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"]

    /// The C locale's names: English.
    public static let english = LocaleNames(weekdays: [], shortWeekdays: [], months: [], shortMonths: [], am: "AM", pm: "PM")
}
