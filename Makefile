# Convenience targets; the scripts are the source of truth (they also install what is missing).
.PHONY: demo test vm-test bench build clean

demo:
	scripts/demo.sh

test:
	scripts/test.sh

# Real DRM/KMS, libinput and systemd in a QEMU guest (needs root and ../shared/vm).
vm-test:
	scripts/vm-test.sh

build:
	swift build -c release --product kiosk

bench: build
	.build/release/kiosk bench

clean:
	rm -rf .build out
