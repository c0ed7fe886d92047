-- wrk: random raster tiles ($TILE_FORMAT: png, jpg or webp; default png), zooms 2-5, under $TILE_PREFIX (e.g. /styles/countries); the same sequence every run.
math.randomseed(tonumber(os.getenv("SEED") or "42"))
local prefix = os.getenv("TILE_PREFIX") or ""
local format = os.getenv("TILE_FORMAT") or "png"
request = function()
  local z = math.random(2, 5)
  local n = 2 ^ z
  return wrk.format("GET", string.format("%s/%d/%d/%d.%s", prefix, z, math.random(0, n - 1), math.random(0, n - 1), format))
end
