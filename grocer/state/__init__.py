"""Reflex states: what pages show. No SQL and no business rule here: they call services.

The modules import one another in one direction only (every import at the top), from the
bottom up:

1. pure helpers: `forms` (submitted forms), `map_points` (map markers), `client_address`,
   `session_events` (the session's moments and their listeners), `worker` (a service call in
   a worker thread: the one way to reach the database);
2. `session` (tokens, their checks and refresh), `currency`, `language`, `delivery_panel`;
3. `dialogs` (which dialog is open), `session_guard` (who is signed in, verified),
   `route_guard` (pages for signed-in shoppers only), `toast` (the account area's messages);
4. the dialogs and what they change: `auth`, `otp_flow`, `forgot`, `signup`, `bag`, `address`,
   `map_picker`;
5. the catalogue: `catalogue`, `listing`, `product`;
6. checkout and the account area: `checkout`, `payment`, `account` and its sections' states.

A lower module never names a higher one: it offers a registration instead (a dialog's reset
with `dialogs.reset_on_open`, the bag's reaction to a sign-in with `session_events.on`).
"""
