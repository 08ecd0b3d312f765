# Convenience targets; the scripts are the source of truth (they also install what is missing).
.PHONY: demo test bench build clean

demo:
	scripts/demo.sh

test:
	scripts/test.sh

build:
	swift build -c release --product kiosk

bench: build
	.build/release/kiosk bench

clean:
	rm -rf .build out
