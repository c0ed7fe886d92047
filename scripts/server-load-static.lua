-- wrk: random static images (512x384) under $STATIC_PREFIX (e.g. /styles/countries/static).
math.randomseed(tonumber(os.getenv("SEED") or "7"))
local prefix = os.getenv("STATIC_PREFIX") or ""
request = function()
  local lon = math.random(-150, 150) + math.random()
  local lat = math.random(-60, 60) + math.random()
  local zoom = math.random(1, 4) + math.random()
  return wrk.format("GET", string.format("%s/%.4f,%.4f,%.2f/512x384.png", prefix, lon, lat, zoom))
end
