"""A student's live-room page (MyWord! and Boggle) and its seat gate."""
