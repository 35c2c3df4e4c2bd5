"""Tables and rows of the data sources for other services (the DataService gRPC)."""
