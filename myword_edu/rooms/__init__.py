"""Live rooms: the event log, a replica for each game, the teacher's room and students' seats."""
