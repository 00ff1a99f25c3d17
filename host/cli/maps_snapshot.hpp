// Testing only: with $QRT_TEST_MAPS_FILE set, `qrt` copies its own /proc/self/maps to that file when the
// command ends, so that tests can check which files the CLI process mapped (an isolated run must not
// map the plugin). Not a user feature; the variable is read once, at exit.
#pragma once

namespace qrt::cli {

struct MapsSnapshotAtExit {
  MapsSnapshotAtExit() = default;
  MapsSnapshotAtExit(const MapsSnapshotAtExit&) = delete;
  MapsSnapshotAtExit& operator=(const MapsSnapshotAtExit&) = delete;
  ~MapsSnapshotAtExit();
};

}  // namespace qrt::cli
