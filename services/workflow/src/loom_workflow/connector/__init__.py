"""HTTP calls from a process's tasks: which hosts they may reach (an administrator's allow-list, never
the platform's own ports) and the call itself, made by the job workers outside any command."""
