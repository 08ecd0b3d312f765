import KioskDevice
@preconcurrency import Glibc

/// A process that has a DRM device open, as found when the display turns out to be in use.
package struct DisplayClient: Sendable, Equatable {
    package var pid: Int
    /// The process name (`comm`): `weston`, `Xorg`, `gdm-wayland-ses`.
    package var command: String
    /// True when the kernel says it is the device's current DRM master.
    package var isMaster: Bool

    package init(pid: Int, command: String, isMaster: Bool) {
        self.pid = pid
        self.command = command
        self.isMaster = isMaster
    }
}

/// Finds out who holds a DRM device, for the "display is in use" message. Only used on that
/// error path; every source may be unreadable (debugfs is root-only and often not mounted,
/// other users' /proc entries are hidden), and then the message says what to check instead.
enum DisplayClients {
    /// The clients of the device, master first, without our own process.
    static func holding(device path: String, ownPID: Int = Int(getpid())) -> [DisplayClient] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        let minor = Int(DeviceNumber(rdev: UInt64(info.st_rdev)).minor)
        if let text = readSmallFile("/sys/kernel/debug/dri/\(minor)/clients") {
            let clients = parseDebugfsClients(text).map(processOfThread).filter { $0.pid != ownPID }
            if !clients.isEmpty { return clients.sorted { $0.isMaster && !$1.isMaster } }
        }
        return processesWithOpen(device: path).filter { $0.pid != ownPID }
    }

    /// Parses `/sys/kernel/debug/dri/<minor>/clients`, whose header and rows the kernel prints
    /// with fixed widths (drm_clients_info):
    ///
    ///     "%20s %5s %3s master a %5s %10s\n"  command, pid (tgid in newer kernels), dev, uid, magic
    ///     "%20s %5d %3d   %c    %c %5d %10u\n"
    ///
    /// The command is a right-aligned 20-character column that may contain spaces, so it is cut
    /// where the header's `command` ends; the rest is split on whitespace and read by the
    /// header's names, which keeps newer kernels' extra columns harmless.
    static func parseDebugfsClients(_ text: String) -> [DisplayClient] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let header = lines.first, let commandEnd = header.endOfWord("command") else { return [] }
        let names = header.dropFirst(commandEnd).split(separator: " ").map(String.init)
        guard let pidColumn = names.firstIndex(where: { $0 == "tgid" || $0 == "pid" }),
              let masterColumn = names.firstIndex(of: "master") else { return [] }
        return lines.dropFirst().compactMap { line in
            guard line.count > commandEnd else { return nil }
            let command = String(line.prefix(commandEnd)).trimmingSpaces
            let fields = line.dropFirst(commandEnd).split(separator: " ").map(String.init)
            guard fields.count > max(pidColumn, masterColumn), let pid = Int(fields[pidColumn]) else { return nil }
            return DisplayClient(pid: pid, command: command.isEmpty ? "?" : command,
                                 isMaster: fields[masterColumn] == "y")
        }
    }

    /// Linux up to 6.x prints the id of the *thread* that opened the device (`pid` column) and
    /// that thread's name; a compositor that opens it from a worker thread would be reported
    /// by a thread id no `kill` or `ps` shows. This maps it to the process (Tgid in
    /// /proc/TID/status, which exists for threads too) and the process's name.
    static func processOfThread(_ client: DisplayClient) -> DisplayClient {
        guard let status = readSmallFile("/proc/\(client.pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Tgid:") }),
              let tgid = Int(String(line.dropFirst(5)).trimmingSpaces), tgid != client.pid else { return client }
        let command = readSmallFile("/proc/\(tgid)/comm")?.trimmingSpaces ?? client.command
        return DisplayClient(pid: tgid, command: command, isMaster: client.isMaster)
    }

    /// Processes with an open descriptor on `device`, found through /proc/PID/fd (what
    /// `fuser` does). Which of them is master cannot be told from here.
    static func processesWithOpen(device: String) -> [DisplayClient] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var result: [DisplayClient] = []
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cStringBytes: $0) }
            guard let pid = Int(name) else { continue }
            guard let fds = opendir("/proc/\(pid)/fd") else { continue }
            defer { closedir(fds) }
            while let fd = readdir(fds) {
                let fdName = withUnsafeBytes(of: fd.pointee.d_name) { String(cStringBytes: $0) }
                guard Int(fdName) != nil, readLink("/proc/\(pid)/fd/\(fdName)") == device else { continue }
                let command = readSmallFile("/proc/\(pid)/comm")?.trimmingSpaces ?? "?"
                result.append(DisplayClient(pid: pid, command: command, isMaster: false))
                break
            }
        }
        return result
    }

    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    /// The offset just past the first occurrence of `word`, in characters.
    func endOfWord(_ word: String) -> Int? {
        let chars = Array(self), target = Array(word)
        guard chars.count >= target.count else { return nil }
        for start in 0...(chars.count - target.count) where Array(chars[start..<start + target.count]) == target {
            return start + target.count
        }
        return nil
    }

    /// Without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// A C string from a fixed-size `char[]` field (stops at the first NUL).
    init(cStringBytes bytes: UnsafeRawBufferPointer) {
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        self = String(decoding: bytes[0..<end], as: UTF8.self)
    }
}
