// A core file that uses ttng.warp_group_dot: must be reported.
