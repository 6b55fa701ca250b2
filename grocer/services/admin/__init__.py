"""The back-office's rules (issue 17, ★): who may do what (`access`), the audit trail
(`audit`), orders (`orders`) and accounts (`users`). The admin API and the /admin pages call
these and nothing else; every function checks the actor's role itself."""
