"""Services: match lifecycle, moves, time. No discord imports: adapters sit on top."""
