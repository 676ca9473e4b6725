"""Per-game icon sets: each module draws its game's icons with icons.Pen and registers them into icons.ICONS."""
