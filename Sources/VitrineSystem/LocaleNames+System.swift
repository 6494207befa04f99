import Glibc
import VitrineCore

extension LocaleNames {
    /// The day and month names of the process's `LC_TIME` locale (`LC_ALL`, `LC_TIME`, `LANG`), read once with
    /// `nl_langinfo_l`; English when no locale is set or it cannot be loaded (the C locale's names are English).
    ///
    /// The global locale is left alone: a locale object of its own is made, read and freed.
    public static let system: LocaleNames = {
        guard let locale = newlocale(LC_TIME_MASK, "", nil) else { return .english }
        defer { freelocale(locale) }
        func names(_ first: Int32, _ count: Int32) -> [String] {
            (0..<count).map { item(first + $0) }
        }
        func item(_ item: Int32) -> String {
            guard let text = nl_langinfo_l(nl_item(item), locale) else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
        }
        return LocaleNames(weekdays: names(Int32(DAY_1), 7), shortWeekdays: names(Int32(ABDAY_1), 7),
                           months: names(Int32(MON_1), 12), shortMonths: names(Int32(ABMON_1), 12),
                           am: item(Int32(AM_STR)), pm: item(Int32(PM_STR)))
    }()
}
