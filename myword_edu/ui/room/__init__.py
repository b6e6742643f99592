"""A student's live-room page, MyWord! and Boggle."""
