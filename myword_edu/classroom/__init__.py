"""The class: schema, store, roster, progress, export, passcode, sign-in, seats held."""
