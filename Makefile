# Convenience targets; the scripts are the source of truth (they also install what is missing).
.PHONY: demo test vm-test bench build clean install uninstall

demo:
	scripts/demo.sh

test:
	scripts/test.sh

# Real DRM/KMS, libinput and systemd in a QEMU guest (needs root and ../shared/vm).
vm-test:
	scripts/vm-test.sh

build:
	swift build -c release --product kiosk

# The frame table, peak memory and start-up (scripts/bench.sh builds the release binary itself).
bench:
	scripts/bench.sh

clean:
	rm -rf .build out

# The service (scripts/install.sh: options there, e.g. INSTALL_ARGS="--unit direct --mqtt";
# PREFIX and DESTDIR are passed through). uninstall keeps /etc/swiftkiosk: add --purge.
install:
	scripts/install.sh $(INSTALL_ARGS)

uninstall:
	scripts/install.sh --uninstall $(INSTALL_ARGS)
