//! The ACP client side: drive an agent over its stdio, serve fs/terminal requests, emit Compass events.
