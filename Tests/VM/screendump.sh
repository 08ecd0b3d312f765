#!/bin/bash
# KIOSK_TEST_SCREENDUMP for HardwareTests in the guest: `screendump.sh NAME` has the host write
# the scanout as a binary PPM to $VM_OUT/NAME (the harness' screendump), where the test reads it.
. "$VM_HARNESS/guest/lib.sh"
screendump "$1"
