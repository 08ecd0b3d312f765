@preconcurrency import Glibc
import KioskDevice
import Testing
@testable import KioskDRM

/// /sys/kernel/debug/dri/0/clients as Linux 6.1 prints it while weston is master.
private let clientsWithWeston = """
             command  tgid dev master a   uid      magic
              weston   412   0   y    y     0          0
     gdm-wayland-ses   388   0   n    y   120          0
               kiosk   977   0   n    n  1001          0

"""

/// An older kernel's header says "pid"; a command may contain spaces.
private let oldClients = """
             command   pid dev master a   uid      magic
         Web Content  2210   0   n    y  1000          3
                Xorg   700   0   y    y     0          3
"""

@Test("the debugfs clients file gives each client's command, pid and master flag")
func debugfsClientsAreParsed() {
    let clients = DisplayClients.parseDebugfsClients(clientsWithWeston)
    #expect(clients == [
        DisplayClient(pid: 412, command: "weston", isMaster: true),
        DisplayClient(pid: 388, command: "gdm-wayland-ses", isMaster: false),
        DisplayClient(pid: 977, command: "kiosk", isMaster: false),
    ])
}

@Test("an older clients file with a pid column and a command with a space is parsed too")
func olderClientsFormat() {
    let clients = DisplayClients.parseDebugfsClients(oldClients)
    #expect(clients == [
        DisplayClient(pid: 2210, command: "Web Content", isMaster: false),
        DisplayClient(pid: 700, command: "Xorg", isMaster: true),
    ])
}

@Test("a thread id from debugfs is reported as its process, with the process's name")
func threadIsMappedToProcess() throws {
    let tasks = try #require(opendir("/proc/self/task"))
    defer { closedir(tasks) }
    var threads: [Int] = []
    while let entry = readdir(tasks) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cStringBytes: $0) }
        if let tid = Int(name) { threads.append(tid) }
    }
    let ownComm = DisplayClients.readSmallFile("/proc/self/comm")?.trimmingSpaces
    for tid in threads {
        let client = DisplayClients.processOfThread(DisplayClient(pid: tid, command: "worker", isMaster: true))
        #expect(client.pid == Int(getpid()))
        #expect(client.isMaster)
        if tid != Int(getpid()) { #expect(client.command == ownComm) }
    }
}

@Test("text that is not a clients file gives no clients")
func garbageGivesNoClients() {
    #expect(DisplayClients.parseDebugfsClients("").isEmpty)
    #expect(DisplayClients.parseDebugfsClients("permission denied\n").isEmpty)
}

@Test("the in-use message names the master's PID and command")
func inUseNamesTheMaster() {
    let holders = DisplayClients.parseDebugfsClients(clientsWithWeston).filter { $0.pid != 977 }
    let error = DRMError.displayInUse(device: "/dev/dri/card0", call: "drmSetMaster", errno: EBUSY, holders: holders)
    #expect(error.description == "the display /dev/dri/card0 is in use by PID 412 (weston) (drmSetMaster: "
        + "Device or resource busy (errno 16)); stop that program first")
}

@Test("without a known master the in-use message lists who has the device open")
func inUseListsOpeners() {
    let error = DRMError.displayInUse(device: "/dev/dri/card0", call: "drmModeAtomicCommit", errno: EACCES,
                                      holders: [DisplayClient(pid: 700, command: "Xorg", isMaster: false)])
    #expect(error.description == "the display /dev/dri/card0 is in use by another program (drmModeAtomicCommit: "
        + "Permission denied (errno 13)); it is open in PID 700 (Xorg)")
}

@Test("when nobody can be named the in-use message says what to check")
func inUseSaysWhatToCheck() {
    let error = DRMError.displayInUse(device: "/dev/dri/card1", call: "drmSetMaster", errno: EACCES, holders: [])
    #expect(error.description == "the display /dev/dri/card1 is in use by another program (drmSetMaster: "
        + "Permission denied (errno 13)); check for another compositor or a display manager "
        + "(systemctl status display-manager), or run `fuser -v /dev/dri/card1`")
}

@Test("every error names the C call or the device it is about", arguments: [
    (DRMError.callFailed(call: "drmModeGetResources", device: "/dev/dri/card0", errno: EINVAL),
     "/dev/dri/card0: drmModeGetResources: Invalid argument (errno 22)"),
    (DRMError.noDumbBuffers(device: "/dev/dri/card1"),
     "/dev/dri/card1: the driver has no dumb buffers (drmGetCap DRM_CAP_DUMB_BUFFER = 0); this is a render-only"
        + " device, use the card that drives the display"),
    (DRMError.noDevice(tried: []),
     "no DRM device found (drmGetDevices2 listed none): is the GPU driver loaded? ls /dev/dri"),
    (DRMError.noDevice(tried: ["/dev/dri/card0: no connected display (HDMI-A-1 disconnected)"]),
     "no usable DRM device: /dev/dri/card0: no connected display (HDMI-A-1 disconnected)"
        + " (pick one with --drm-device /dev/dri/cardN)"),
    (DRMError.outputNotConnected(name: "HDMI-A-1", device: "/dev/dri/card0"),
     "output HDMI-A-1 on /dev/dri/card0 has no display connected (or reports no modes)"),
] as [(DRMError, String)])
func errorDescriptions(error: DRMError, text: String) {
    #expect(error.description == text)
}

@Test("opening a missing device names the path and says to look for the GPU driver")
func missingDeviceMessage() {
    #expect {
        try DRMBackend(options: DRMOptions(devicePath: "/dev/dri/card99"), opener: DirectOpener(), clockOrigin: 0)
    } throws: { error in
        "\(error)" == "cannot open the display: /dev/dri/card99: open: No such file or directory"
            + " (no DRM device: is the GPU driver loaded? ls /dev/dri)"
    }
}

@Test("listing the outputs of a missing device gives the same message")
func missingDeviceListing() {
    #expect {
        try DRMBackend.listOutputs(devicePath: "/dev/dri/card99", opener: DirectOpener())
    } throws: { error in
        "\(error)".hasPrefix("cannot open the display: /dev/dri/card99: open: No such file or directory")
    }
}

@Test("discovery on a machine without DRM devices says none was found",
      .enabled(if: access("/dev/dri", F_OK) != 0))
func discoveryWithoutDevices() {
    #expect {
        try DRMBackend(options: DRMOptions(), opener: DirectOpener(), clockOrigin: 0)
    } throws: { error in
        "\(error)" == "no DRM device found (drmGetDevices2 listed none): is the GPU driver loaded? ls /dev/dri"
    }
}

@Test("a buffer count outside 2…3 is clamped")
func bufferCountIsClamped() {
    #expect(DRMOptions(bufferCount: 1).bufferCount == 2)
    #expect(DRMOptions(bufferCount: 5).bufferCount == 3)
}
