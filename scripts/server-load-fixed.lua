-- wrk: one fixed path, $FIXED_PATH (a style, a TileJSON, a glyph range, /health).
local path = os.getenv("FIXED_PATH") or "/health"
request = function()
  return wrk.format("GET", path)
end
