"""The task center's own reads and writes: home counts, an instance's form data, saving a task's form."""
