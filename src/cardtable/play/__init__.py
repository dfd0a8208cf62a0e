"""Playing a game with people and bots: the session, saved records, the plain line mode and the
full-screen table. This is a face: it reads input and prints; the layers below it do not."""
