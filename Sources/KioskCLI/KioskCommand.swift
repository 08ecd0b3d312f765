public enum KioskCommand { public static func main() {} }
