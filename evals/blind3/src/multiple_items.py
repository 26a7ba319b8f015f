"""blind3 multiple items: 60 questions, 2-4 functions each, exactly one right.

Items 0-29 ("cross"): functions from different domains, as in a general
assistant's toolbox (the toolbox functions below are reused as distractors).
Items 30-59 ("neighbour"): close neighbours from one domain.
Hand-written 2026-12-07.
"""

from schema import S, I, F, B, A, fn, item

YMD = "in YYYY-MM-DD format."
HM = "in 24-hour HH:MM format."

# ---------------------------------------------------------------------------
# General toolbox (cross-domain items)
# ---------------------------------------------------------------------------
WEATHER = fn("get_weather_forecast", "Get the weather forecast for a place on a given day.",
             {"location": S("City or town, optionally with region or country."),
              "date": S("Forecast date " + YMD)},
             ["location", "date"])
EMAIL = fn("send_email", "Send an email from the user's account.",
           {"to": S("Recipient email address."),
            "subject": S("Subject line."),
            "body": S("Body text of the email."),
            "cc": A("string", "Additional recipients to copy in. Optional.")},
           ["to", "subject", "body"])
CALENDAR = fn("create_calendar_event", "Add an event to the user's calendar.",
              {"title": S("Title of the event."),
               "date": S("Event date " + YMD),
               "start_time": S("Start time " + HM),
               "duration_minutes": I("Length of the event in minutes. Default is 60.", default=60)},
              ["title", "date", "start_time"])
RECIPES = fn("search_recipes", "Search a recipe collection by ingredients.",
             {"ingredients": A("string", "Ingredients the recipe should use, in lower case."),
              "max_prep_minutes": I("Maximum preparation time in minutes. Optional."),
              "diet": S("Dietary requirement. Default is none.", enum=["none", "vegetarian", "vegan", "gluten_free"],
                        default="none")},
             ["ingredients"])
STOCK = fn("get_stock_quote", "Get the latest price for a listed share.",
           {"ticker": S("Stock ticker symbol, e.g. 'AAPL'.")},
           ["ticker"])
TRANSLATE = fn("translate_text", "Translate a piece of text into another language.",
               {"text": S("Text to translate."),
                "target_language": S("ISO 639-1 code of the language to translate into, e.g. 'fr'."),
                "source_language": S("ISO 639-1 code of the source language. Optional; detected automatically if omitted.")},
               ["text", "target_language"])
MUSIC = fn("play_music", "Play music on the user's speakers.",
           {"query": S("Song, artist, album or playlist to play."),
            "shuffle": B("Shuffle the tracks. Default is false.", default=False)},
           ["query"])
FLIGHT = fn("get_flight_status", "Get the live status of a flight.",
            {"flight_number": S("Airline flight number, e.g. 'LH 902'."),
             "date": S("Scheduled departure date " + YMD)},
            ["flight_number", "date"])
RESTAURANTS = fn("find_restaurants", "Find restaurants in an area.",
                 {"location": S("Town, city or neighbourhood."),
                  "cuisine": S("Type of cuisine. Optional."),
                  "party_size": I("Number of diners, to check table availability. Optional.")},
                 ["location"])
TIMER = fn("set_timer", "Start a countdown timer.",
           {"duration_seconds": I("Length of the timer in seconds."),
            "label": S("Name for the timer. Optional.")},
           ["duration_seconds"])
UNITS = fn("convert_units", "Convert a measurement from one unit to another.",
           {"value": F("Value to convert."),
            "from_unit": S("Unit name or symbol to convert from, e.g. 'ft', 'm', 'lb'."),
            "to_unit": S("Unit name or symbol to convert to.")},
           ["value", "from_unit", "to_unit"])
NEWS = fn("get_news_headlines", "Get the latest news headlines on a topic.",
          {"topic": S("Topic to get headlines about."),
           "count": I("Number of headlines. Default is 5.", default=5)},
          ["topic"])
SHOPPING = fn("add_to_shopping_list", "Add items to one of the user's shopping lists.",
              {"items": A("string", "Items to add."),
               "list_name": S("Which list to add to. Default is Groceries.", default="Groceries")},
              ["items"])
MORTGAGE = fn("calculate_mortgage_payment", "Calculate the monthly repayment on a repayment mortgage.",
              {"principal": F("Amount borrowed."),
               "annual_interest_rate": F("Annual interest rate as a fraction, e.g. 0.05 for 5%."),
               "term_years": I("Length of the mortgage in years.")},
              ["principal", "annual_interest_rate", "term_years"])
POLLEN = fn("get_pollen_forecast", "Get the pollen count forecast for a place on a given day.",
            {"location": S("City or town."),
             "date": S("Forecast date " + YMD)},
            ["location", "date"])
DEFINE = fn("define_word", "Look up the dictionary definition of a word.",
            {"word": S("Word to define."),
             "language": S("ISO 639-1 code of the dictionary language. Default is en.", default="en")},
            ["word"])
TAXI = fn("book_taxi", "Book a taxi for a given pickup date and time.",
          {"pickup_address": S("Where to be picked up."),
           "dropoff_address": S("Where to be dropped off."),
           "pickup_date": S("Pickup date " + YMD),
           "pickup_time": S("Pickup time " + HM)},
          ["pickup_address", "dropoff_address", "pickup_date", "pickup_time"])
AIR = fn("get_air_quality", "Get the current air quality index for a city.",
         {"city": S("City name.")},
         ["city"])
SUN = fn("get_sunrise_sunset", "Get sunrise and sunset times for a place on a date.",
         {"location": S("Place name."),
          "date": S("Date " + YMD)},
         ["location", "date"])
AVALANCHE = fn("get_avalanche_bulletin", "Get the avalanche hazard bulletin for a mountain region on a given day.",
               {"region": S("Forecast region name."),
                "date": S("Bulletin date " + YMD)},
               ["region", "date"])
ELEVATION = fn("get_elevation", "Get the ground elevation above sea level at a point.",
               {"latitude": F("Latitude in decimal degrees."),
                "longitude": F("Longitude in decimal degrees; west is negative.")},
               ["latitude", "longitude"])
PAINT = fn("calculate_paint_needed", "Calculate how many litres of paint are needed for a wall area.",
           {"wall_area_m2": F("Area to paint in square metres."),
            "coats": I("Number of coats."),
            "coverage_m2_per_liter": F("Coverage of the paint in square metres per litre, as printed on the tin.")},
           ["wall_area_m2", "coats", "coverage_m2_per_liter"])
SOWING = fn("get_sowing_dates", "Get recommended sowing dates for a crop at a garden location.",
            {"crop": S("Crop name."),
             "postcode": S("Postcode of the garden or allotment."),
             "sowing_method": S("Where the seed will be sown. Default is outdoors.", enum=["indoors", "outdoors"],
                                default="outdoors")},
            ["crop", "postcode"])
LIBRARY = fn("search_library_catalogue", "Search the public library catalogue.",
             {"title": S("Title to search for."),
              "author": S("Author name. Optional."),
              "format": S("Format wanted. Default is any.", enum=["any", "book", "ebook", "audiobook", "dvd"],
                          default="any")},
             ["title"])
EV = fn("find_ev_chargers", "Find electric vehicle charging points near a place.",
        {"location": S("Town, city or postcode."),
         "connector_type": S("Connector type needed.", enum=["type_2", "ccs", "chademo"]),
         "min_power_kw": I("Minimum charging power in kilowatts.")},
        ["location", "connector_type", "min_power_kw"])
FIXTURES = fn("get_sports_fixtures", "List a team's fixtures between two dates.",
              {"team": S("Team name."),
               "start_date": S("First date " + YMD),
               "end_date": S("Last date " + YMD)},
              ["team", "start_date", "end_date"])
PRIMING = fn("brewing.priming_sugar", "Calculate how much priming sugar to add when bottling beer.",
             {"beer_volume_liters": F("Volume of beer to bottle, in litres."),
              "target_co2_volumes": F("Desired carbonation in volumes of CO2."),
              "beer_temperature_c": F("Temperature of the beer at bottling, in Celsius."),
              "sugar_type": S("Type of priming sugar.",
                              enum=["corn_sugar", "table_sugar", "dry_malt_extract"])},
             ["beer_volume_liters", "target_co2_volumes", "beer_temperature_c", "sugar_type"])
KILN_COST = fn("kiln.estimate_firing_cost", "Estimate the electricity cost of one kiln firing.",
               {"kiln_power_kw": F("Rated power of the kiln in kilowatts."),
                "firing_hours": F("Length of the firing in hours."),
                "price_per_kwh": F("Electricity price per kWh."),
                "duty_cycle_fraction": F("Average fraction of the time the elements are on. Default is 0.6.", default=0.6)},
               ["kiln_power_kw", "firing_hours", "price_per_kwh"])
RACE = fn("predict_race_time", "Predict a running race time at a new distance from a recent result.",
          {"known_distance_m": I("Distance of the known result, in metres."),
           "known_time_seconds": F("Time of the known result, in seconds."),
           "target_distance_m": I("Distance to predict a time for, in metres.")},
          ["known_distance_m", "known_time_seconds", "target_distance_m"])
VET = fn("find_vet_clinic", "Find veterinary clinics near a place.",
         {"location": S("Town, city or postcode."),
          "emergency_only": B("Only return clinics with an emergency service open now. Default is false.", default=False),
          "species": S("Species the clinic must treat, e.g. 'rabbit'. Optional.")},
         ["location"])

# ---------------------------------------------------------------------------
# Neighbour clusters
# ---------------------------------------------------------------------------
TRAIN_DEP = fn("get_train_departures", "List trains departing from a station on a given day.",
               {"station": S("Station name."),
                "date": S("Date " + YMD)},
               ["station", "date"])
TRAIN_ARR = fn("get_train_arrivals", "List trains arriving at a station on a given day.",
               {"station": S("Station name."),
                "date": S("Date " + YMD),
                "from_time": S("Only show trains arriving at or after this time, " + HM + " Default is 00:00.",
                               default="00:00")},
               ["station", "date"])
TRAIN_PLAN = fn("plan_train_journey", "Plan a rail journey between two stations, including any changes.",
                {"origin": S("Station to start from."),
                 "destination": S("Station to travel to."),
                 "date": S("Date of travel " + YMD),
                 "depart_after": S("Earliest departure time, " + HM + " Default is 00:00.", default="00:00")},
                ["origin", "destination", "date"])

SEED_CHECK = fn("check_seed_availability", "Check whether a seed variety is in stock at the seed library.",
                {"variety": S("Variety name."),
                 "branch": S("Library branch to check. Optional; all branches are checked if omitted.")},
                ["variety"])
SEED_RESERVE = fn("reserve_seeds", "Reserve seed packets to collect from the seed library.",
                  {"member_id": S("Membership number."),
                   "variety": S("Variety name."),
                   "packets": I("Number of packets to reserve.")},
                  ["member_id", "variety", "packets"])
SEED_DONATE = fn("donate_seeds", "Record a donation of home-saved seed to the seed library.",
                 {"member_id": S("Membership number."),
                  "variety": S("Variety name."),
                  "packets": I("Number of packets donated."),
                  "harvest_year": I("Year the seed was saved.")},
                 ["member_id", "variety", "packets", "harvest_year"])

VET_DOSE = fn("calculate_dose_by_weight", "Calculate a drug dose in milligrams from an animal's body weight and a dose rate.",
              {"body_weight_kg": F("Body weight in kilograms."),
               "dose_mg_per_kg": F("Dose rate in mg per kg.")},
              ["body_weight_kg", "dose_mg_per_kg"])
VET_ML = fn("convert_dose_mg_to_ml", "Convert a dose in milligrams into the volume to draw up, given the product's concentration.",
            {"dose_mg": F("Dose in milligrams."),
             "concentration_mg_per_ml": F("Concentration of the product in mg per ml.")},
            ["dose_mg", "concentration_mg_per_ml"])
VET_FLUID = fn("calculate_fluid_volume", "Calculate the total intravenous fluid volume for an animal at a given rate.",
               {"body_weight_kg": F("Body weight in kilograms."),
                "rate_ml_per_kg_per_hour": F("Fluid rate in ml per kg per hour."),
                "hours": F("Duration in hours. Default is 24.0.", default=24.0)},
               ["body_weight_kg", "rate_ml_per_kg_per_hour"])

BREW_IBU = fn("calculate_ibu", "Estimate the bitterness (IBU) contributed by a hop addition.",
              {"hop_grams": F("Weight of hops in grams."),
               "alpha_acid_fraction": F("Alpha acid content as a fraction, e.g. 0.055 for 5.5%."),
               "boil_minutes": I("Boil time of the addition in minutes."),
               "batch_liters": F("Batch size in litres.")},
              ["hop_grams", "alpha_acid_fraction", "boil_minutes", "batch_liters"])
BREW_STRIKE = fn("calculate_strike_temperature",
                 "Calculate the temperature to heat mash water to so that the mash settles at a target temperature.",
                 {"grain_kg": F("Weight of grain in kilograms."),
                  "water_liters": F("Volume of mash water in litres."),
                  "grain_temp_c": F("Temperature of the grain in Celsius."),
                  "target_mash_temp_c": F("Desired mash temperature in Celsius.")},
                 ["grain_kg", "water_liters", "grain_temp_c", "target_mash_temp_c"])
BREW_WATER = fn("calculate_mash_water", "Calculate the volume of water needed for the mash.",
                {"grain_kg": F("Weight of grain in kilograms."),
                 "ratio_l_per_kg": F("Water-to-grain ratio in litres per kg.")},
                ["grain_kg", "ratio_l_per_kg"])
BREW_OG = fn("estimate_original_gravity", "Estimate the original gravity of a wort from the grain bill.",
             {"grain_kg": F("Weight of grain in kilograms."),
              "batch_liters": F("Batch size in litres."),
              "efficiency_fraction": F("Brewhouse efficiency as a fraction, e.g. 0.72 for 72%.")},
             ["grain_kg", "batch_liters", "efficiency_fraction"])

DENT_BOOK = fn("dental.book_appointment", "Book a new appointment at the dental practice.",
               {"patient_name": S("Patient's full name."),
                "date": S("Appointment date " + YMD),
                "time": S("Appointment time " + HM),
                "procedure": S("Type of appointment.", enum=["checkup", "hygienist_cleaning", "filling", "extraction"])},
               ["patient_name", "date", "time", "procedure"])
DENT_MOVE = fn("dental.reschedule_appointment", "Move an existing dental appointment to a new date and time.",
               {"booking_reference": S("Booking reference, e.g. 'DN-12345'."),
                "new_date": S("New date " + YMD),
                "new_time": S("New time " + HM)},
               ["booking_reference", "new_date", "new_time"])
DENT_CANCEL = fn("dental.cancel_appointment", "Cancel an existing dental appointment.",
                 {"booking_reference": S("Booking reference, e.g. 'DN-12345'."),
                  "reason": S("Reason for cancelling. Optional.")},
                 ["booking_reference"])

CLIMB_BOULDER = fn("convert_boulder_grade",
                   "Convert a bouldering grade between the V scale and the Fontainebleau (Font) scale.",
                   {"grade": S("Grade to convert, e.g. 'V4' or '6B+'."),
                    "from_scale": S("Scale of the given grade.", enum=["v_scale", "font"]),
                    "to_scale": S("Scale to convert to.", enum=["v_scale", "font"])},
                   ["grade", "from_scale", "to_scale"])
CLIMB_ROUTE = fn("convert_route_grade", "Convert a roped climbing route grade between grading systems.",
                 {"grade": S("Grade to convert, e.g. '5.11b' or '7a'."),
                  "from_system": S("System of the given grade.", enum=["yds", "french", "uiaa", "british_tech"]),
                  "to_system": S("System to convert to.", enum=["yds", "french", "uiaa", "british_tech"])},
                 ["grade", "from_system", "to_system"])

TIDES = fn("get_tide_times", "Get high and low water times and heights for a port on a date.",
           {"port": S("Port name."),
            "date": S("Date " + YMD)},
           ["port", "date"])
STREAMS = fn("get_tidal_streams", "Get hourly tidal stream directions and rates for a sea area on a date.",
             {"sea_area": S("Sea area or channel name."),
              "date": S("Date " + YMD)},
             ["sea_area", "date"])
INSHORE = fn("get_inshore_forecast", "Get the inshore waters weather forecast for a stretch of coast on a date.",
             {"coastal_area": S("Inshore forecast area, e.g. 'Lyme Regis to Land's End'."),
              "date": S("Date " + YMD)},
             ["coastal_area", "date"])

CLAIM_FILE = fn("open_insurance_claim", "Open a new insurance claim on a policy.",
                {"policy_number": S("Policy number."),
                 "incident_date": S("Date of the incident " + YMD),
                 "claim_type": S("Type of claim.", enum=["theft", "water_damage", "fire", "accidental_damage", "storm_damage"]),
                 "estimated_amount": F("Estimated cost of the loss.")},
                ["policy_number", "incident_date", "claim_type", "estimated_amount"])
CLAIM_STATUS = fn("get_claim_status", "Get the current status of an existing insurance claim.",
                  {"claim_number": S("Claim number, e.g. 'CLM-123456'.")},
                  ["claim_number"])
CLAIM_UPLOAD = fn("upload_claim_document", "Attach a supporting document to an existing insurance claim.",
                  {"claim_number": S("Claim number, e.g. 'CLM-123456'."),
                   "document_type": S("Kind of document.", enum=["photo", "receipt", "police_report", "repair_quote"]),
                   "file_name": S("Name of the file to attach.")},
                  ["claim_number", "document_type", "file_name"])

SHEET_SUM = fn("sum_cell_range", "Add up the numbers in a cell range.",
               {"sheet_name": S("Name of the sheet (tab)."),
                "cell_range": S("Range in A1 notation, e.g. 'B2:B20'.")},
               ["sheet_name", "cell_range"])
SHEET_AVG = fn("average_cell_range", "Calculate the mean of the numbers in a cell range.",
               {"sheet_name": S("Name of the sheet (tab)."),
                "cell_range": S("Range in A1 notation, e.g. 'B2:B20'."),
                "ignore_zeros": B("Leave cells containing zero out of the average. Default is false.", default=False)},
               ["sheet_name", "cell_range"])
SHEET_COUNT = fn("count_nonblank_cells", "Count the non-empty cells in a cell range.",
                 {"sheet_name": S("Name of the sheet (tab)."),
                  "cell_range": S("Range in A1 notation, e.g. 'B2:B20'.")},
                 ["sheet_name", "cell_range"])

ARCH_SEARCH = fn("archive.search_catalogue", "Search the archive catalogue by keyword.",
                 {"keywords": S("Words to search for."),
                  "from_year": I("Earliest year of the records. Optional."),
                  "to_year": I("Latest year of the records. Optional.")},
                 ["keywords"])
ARCH_REQUEST = fn("archive.request_item", "Request an archive item for consultation in the reading room.",
                  {"reference_code": S("Catalogue reference, e.g. 'D/AB 12/3'."),
                   "visit_date": S("Date of the visit " + YMD)},
                  ["reference_code", "visit_date"])
ARCH_COPY = fn("archive.order_copy", "Order a copy of an archive item.",
               {"reference_code": S("Catalogue reference, e.g. 'D/AB 12/3'."),
                "copy_format": S("Format of the copy.", enum=["pdf", "tiff", "print"]),
                "dpi": I("Scan resolution in dots per inch. Default is 300.", default=300)},
               ["reference_code", "copy_format"])

TYPE_PTMM = fn("points_to_millimeters", "Convert a size in typographic points to millimetres.",
               {"points": F("Size in points.")},
               ["points"])
TYPE_REM = fn("px_to_rem", "Convert a CSS pixel value to rem units.",
              {"pixels": F("Value in pixels."),
               "root_font_size_px": F("Root font size in pixels. Default is 16.0.", default=16.0)},
              ["pixels"])
TYPE_LEAD = fn("calculate_leading", "Calculate line spacing (leading) in points for a font size.",
               {"font_size_pt": F("Font size in points."),
                "leading_ratio": F("Leading as a multiple of the font size, e.g. 1.2.")},
               ["font_size_pt", "leading_ratio"])

PARK_FIND = fn("find_parking_spaces", "Find car parks or bays with free spaces near a place.",
               {"location": S("Place to park near."),
                "max_price_per_hour": F("Highest acceptable hourly price. Optional."),
                "ev_charging": B("Only show spaces with electric vehicle charging. Default is false.", default=False)},
               ["location"])
PARK_PAY = fn("pay_parking_session", "Start and pay for a new parking session.",
              {"zone_code": S("Parking zone code."),
               "plate_number": S("Vehicle registration number."),
               "duration_minutes": I("Length of the session in minutes.")},
              ["zone_code", "plate_number", "duration_minutes"])
PARK_EXTEND = fn("extend_parking_session", "Add time to a parking session that is already running.",
                 {"session_id": S("Session identifier, e.g. 'PS-123456'."),
                  "extra_minutes": I("Minutes to add.")},
                 ["session_id", "extra_minutes"])

POD_UPLOAD = fn("podcast.upload_episode", "Upload a new audio file as a draft episode of a show.",
                {"show_id": S("Identifier of the show, e.g. 'pod-1234'."),
                 "file_name": S("Audio file to upload."),
                 "title": S("Title for the new episode.")},
                ["show_id", "file_name", "title"])
POD_STATS = fn("podcast.get_download_stats", "Get download counts for one episode between two dates.",
               {"show_id": S("Identifier of the show, e.g. 'pod-1234'."),
                "episode_number": I("Episode number."),
                "start_date": S("First day " + YMD),
                "end_date": S("Last day " + YMD)},
               ["show_id", "episode_number", "start_date", "end_date"])
POD_REVIEWS = fn("podcast.get_listener_reviews", "Get listener reviews and ratings for a show.",
                 {"show_id": S("Identifier of the show, e.g. 'pod-1234'.")},
                 ["show_id"])
POD_RENAME = fn("podcast.rename_episode", "Change the title of an episode that has already been published.",
                {"show_id": S("Identifier of the show, e.g. 'pod-1234'."),
                 "episode_number": I("Episode number."),
                 "new_title": S("New title.")},
                ["show_id", "episode_number", "new_title"])

FISH_QUOTA = fn("fishery.check_quota", "Check how much of a vessel's annual quota for a species remains.",
                {"vessel_id": S("Vessel registration."),
                 "species": S("Species name."),
                 "year": I("Quota year.")},
                ["vessel_id", "species", "year"])
FISH_SIZE = fn("fishery.get_minimum_size", "Get the minimum conservation reference size for a species in an area.",
               {"species": S("Species name."),
                "area": S("ICES area code, e.g. '7e'.")},
               ["species", "area"])
FISH_SEASON = fn("fishery.get_closed_seasons", "Get the closed seasons for a species in an area.",
                 {"species": S("Species name."),
                  "area": S("ICES area code, e.g. '7e'.")},
                 ["species", "area"])
FISH_LAND = fn("fishery.log_landing", "Record a landing of fish at a port.",
               {"vessel_id": S("Vessel registration."),
                "species": S("Species name."),
                "weight_kg": F("Landed weight in kilograms."),
                "port": S("Port of landing."),
                "landing_date": S("Date of landing " + YMD)},
               ["vessel_id", "species", "weight_kg", "port", "landing_date"])

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
HVAC_TEMP = fn("hvac.set_target_temperature", "Set the target temperature for a heating and cooling zone.",
               {"zone": S("Zone name."),
                "temperature_c": F("Target temperature in Celsius.")},
               ["zone", "temperature_c"])
HVAC_SCHED = fn("hvac.set_heating_schedule", "Set the weekly on and off times for a heating zone.",
                {"zone": S("Zone name."),
                 "days": A("string", "Days of the week the schedule applies to.", item_enum=DAYS),
                 "on_time": S("Time the heating comes on, " + HM),
                 "off_time": S("Time the heating goes off, " + HM)},
                ["zone", "days", "on_time", "off_time"])
HVAC_FAN = fn("hvac.set_fan_mode", "Set the fan speed mode for a zone.",
              {"zone": S("Zone name."),
               "mode": S("Fan mode.", enum=["auto", "low", "medium", "high"])},
              ["zone", "mode"])
HVAC_HUMID = fn("hvac.set_humidity_target", "Set the target relative humidity for a zone.",
                {"zone": S("Zone name."),
                 "relative_humidity_percent": I("Target relative humidity in percent.")},
                ["zone", "relative_humidity_percent"])

ITEMS = []
add = ITEMS.append

# ===========================================================================
# Cross-domain items (0-29)
# ===========================================================================
add(item("informal",
    "bottling 19 litres of pale ale, beer's sitting at 18°C and i want 2.4 volumes of CO2. how much priming sugar? using table sugar",
    [SHOPPING, PRIMING, UNITS],
    {"brewing.priming_sugar": {"beer_volume_liters": [19.0], "target_co2_volumes": [2.4],
                               "beer_temperature_c": [18.0], "sugar_type": ["table_sugar"]}},
    kind="cross"))

add(item("plain",
    "What's the pollen forecast for Norwich on 14 May 2027? My hay fever has been terrible.",
    [POLLEN, STOCK, DEFINE],
    {"get_pollen_forecast": {"location": ["Norwich"], "date": ["2027-05-14"]}},
    kind="cross"))

add(item("informal",
    "email marta.k@ravenscroftarchive.org with subject \"Box 14 ready\" and body \"Box 14 is on the reading room trolley for your visit.\" - cc jon.h@ravenscroftarchive.org too",
    [CALENDAR, TRANSLATE, EMAIL],
    {"send_email": {"to": ["marta.k@ravenscroftarchive.org"], "subject": ["Box 14 ready"],
                    "body": ["Box 14 is on the reading room trolley for your visit."],
                    "cc": [["jon.h@ravenscroftarchive.org"]]}},
    kind="cross"))

add(item("plain",
    "What's the weather forecast for Keswick on 30 September 2027? We're planning a fell walk.",
    [WEATHER, MUSIC, STOCK, NEWS],
    {"get_weather_forecast": {"location": ["Keswick", "Keswick, Cumbria", "Keswick, England", "Keswick, UK"],
                              "date": ["2027-09-30"]}},
    kind="cross"))

add(item("informal",
    "translate this english into japanese pls: \"the kiln is still too hot to open\"",
    [DEFINE, TRANSLATE],
    {"translate_text": {"text": ["the kiln is still too hot to open"], "target_language": ["ja"],
                        "source_language": ["en"]}},
    kind="cross"))

add(item("plain",
    "Put \"Choir committee meeting\" in my calendar on 18 January 2027 at 18:30 for 45 minutes.",
    [TIMER, EMAIL, NEWS, CALENDAR],
    {"create_calendar_event": {"title": ["Choir committee meeting"], "date": ["2027-01-18"],
                               "start_time": ["18:30"], "duration_minutes": [45]}},
    kind="cross"))

add(item("informal",
    "my kiln's 9.6 kW, a bisque firing takes about 8.5 hours and power is 0.29 per kWh. roughly what does one firing cost me?",
    [KILN_COST, UNITS, MORTGAGE],
    {"kiln.estimate_firing_cost": {"kiln_power_kw": [9.6], "firing_hours": [8.5], "price_per_kwh": [0.29],
                                   "duty_cycle_fraction": ["", 0.6]}},
    kind="cross"))

add(item("plain",
    "I ran 5,000 metres in 19 minutes 40 seconds. Predict my time for 10,000 metres.",
    [TIMER, RACE],
    {"predict_race_time": {"known_distance_m": [5000], "known_time_seconds": [1180.0],
                           "target_distance_m": [10000]}},
    kind="cross"))

add(item("informal",
    "need an emergency vet near Hexham that treats ferrets, asap",
    [RESTAURANTS, TAXI, VET],
    {"find_vet_clinic": {"location": ["Hexham"], "emergency_only": [True], "species": ["ferret"]}},
    kind="cross"))

add(item("informal",
    "set a 12 minute timer called \"rye loaf\"",
    [TIMER, CALENDAR, MUSIC],
    {"set_timer": {"duration_seconds": [720], "label": ["rye loaf"]}},
    kind="cross"))

add(item("plain",
    "What would the monthly payment be on a £240,000 mortgage at 4.35% interest over 25 years?",
    [STOCK, UNITS, MORTGAGE],
    {"calculate_mortgage_payment": {"principal": [240000.0], "annual_interest_rate": [0.0435], "term_years": [25]}},
    kind="cross"))

add(item("informal",
    "is BA 1478 on time? it's the 21 feb 2027 flight",
    [FLIGHT, TAXI],
    {"get_flight_status": {"flight_number": ["BA1478"], "date": ["2027-02-21"]}},
    kind="cross"))

add(item("informal",
    "any recipes using tomatoes, basil and mint that take under 30 mins?",
    [SHOPPING, RECIPES, RESTAURANTS],
    {"search_recipes": {"ingredients": [["tomatoes", "basil", "mint"], ["tomato", "basil", "mint"]],
                        "max_prep_minutes": [30], "diet": ["", "none"]}},
    kind="cross"))

add(item("plain",
    "Add oat milk, rye flour and lemons to my Weekend shopping list.",
    [RECIPES, EMAIL, SHOPPING, MUSIC],
    {"add_to_shopping_list": {"items": [["oat milk", "rye flour", "lemons"]], "list_name": ["Weekend"]}},
    kind="cross"))

add(item("informal",
    "what time's sunrise on Lindisfarne on 21 december 2027?",
    [FLIGHT, SUN, DEFINE],
    {"get_sunrise_sunset": {"location": ["Lindisfarne", "Lindisfarne, Northumberland", "Holy Island"],
                            "date": ["2027-12-21"]}},
    kind="cross"))

add(item("plain",
    "What's the avalanche hazard for the Northern Cairngorms on 6 February 2027?",
    [AVALANCHE, ELEVATION, NEWS],
    {"get_avalanche_bulletin": {"region": ["Northern Cairngorms"], "date": ["2027-02-06"]}},
    kind="cross"))

add(item("informal",
    "get me a taxi from 3 Marlowe Court to Bath Spa station on 9 oct 2027 at 7.15am",
    [FLIGHT, TAXI, CALENDAR],
    {"book_taxi": {"pickup_address": ["3 Marlowe Court"],
                   "dropoff_address": ["Bath Spa station", "Bath Spa railway station", "Bath Spa"],
                   "pickup_date": ["2027-10-09"], "pickup_time": ["07:15"]}},
    kind="cross"))

add(item("plain",
    "What does the word 'crazing' mean?",
    [TRANSLATE, LIBRARY, DEFINE],
    {"define_word": {"word": ["crazing"], "language": ["", "en"]}},
    kind="cross"))

add(item("informal",
    "whats RIO trading at",
    [NEWS, STOCK],
    {"get_stock_quote": {"ticker": ["RIO"]}},
    kind="cross"))

add(item("plain",
    "Convert 3.5 fathoms to metres.",
    [UNITS, PAINT, ELEVATION],
    {"convert_units": {"value": [3.5], "from_unit": ["fathom", "fathoms", "fm"],
                       "to_unit": ["m", "metre", "metres", "meter", "meters"]}},
    kind="cross"))

add(item("informal",
    "what's the elevation at 56.7969, -5.0036?",
    [SUN, AIR, WEATHER, ELEVATION],
    {"get_elevation": {"latitude": [56.7969], "longitude": [-5.0036]}},
    kind="cross"))

add(item("plain",
    "Find me a Georgian restaurant in Leeds.",
    [RESTAURANTS, TAXI, RECIPES],
    {"find_restaurants": {"location": ["Leeds"], "cuisine": ["Georgian"], "party_size": [""]}},
    kind="cross"))

add(item("informal",
    "top 3 headlines about volcanology please",
    [LIBRARY, NEWS],
    {"get_news_headlines": {"topic": ["volcanology"], "count": [3]}},
    kind="cross"))

add(item("plain",
    "How much paint do I need for 42.5 square metres of wall with two coats, if the tin says it covers 12 square metres per litre?",
    [SHOPPING, UNITS, PAINT],
    {"calculate_paint_needed": {"wall_area_m2": [42.5], "coats": [2], "coverage_m2_per_liter": [12.0]}},
    kind="cross"))

add(item("informal",
    "play some Hildegard von Bingen, shuffled",
    [MUSIC, NEWS, DEFINE],
    {"play_music": {"query": ["Hildegard von Bingen"], "shuffle": [True]}},
    kind="cross"))

add(item("plain",
    "When should I sow broad beans outdoors at postcode EX4 6PX?",
    [WEATHER, SOWING, RECIPES],
    {"get_sowing_dates": {"crop": ["broad beans", "broad bean"], "postcode": ["EX4 6PX"],
                          "sowing_method": ["", "outdoors"]}},
    kind="cross"))

add(item("informal",
    "does the library have The Periodic Table by Primo Levi as an audiobook?",
    [MUSIC, SHOPPING, NEWS, LIBRARY],
    {"search_library_catalogue": {"title": ["The Periodic Table"], "author": ["Primo Levi"], "format": ["audiobook"]}},
    kind="cross"))

add(item("plain",
    "Find CCS chargers of at least 50 kW near Inverness.",
    [TAXI, FLIGHT, AIR, EV],
    {"find_ev_chargers": {"location": ["Inverness"], "connector_type": ["ccs"], "min_power_kw": [50]}},
    kind="cross"))

add(item("informal",
    "hows the air quality in Ulaanbaatar rn",
    [STOCK, AIR, MUSIC],
    {"get_air_quality": {"city": ["Ulaanbaatar"]}},
    kind="cross"))

add(item("plain",
    "Show me Forfar Athletic's fixtures between 1 March 2027 and 30 April 2027.",
    [CALENDAR, NEWS, FIXTURES],
    {"get_sports_fixtures": {"team": ["Forfar Athletic"], "start_date": ["2027-03-01"], "end_date": ["2027-04-30"]}},
    kind="cross"))

# ===========================================================================
# Neighbour items (30-59)
# ===========================================================================
add(item("informal",
    "whats arriving into Crewe on 5 april 2027 from 14:00 onwards?",
    [TRAIN_DEP, TRAIN_ARR, TRAIN_PLAN],
    {"get_train_arrivals": {"station": ["Crewe"], "date": ["2027-04-05"], "from_time": ["14:00"]}},
    kind="neighbour"))

add(item("plain",
    "Plan a train journey from Bristol Temple Meads to Cardiff Central on 19 November 2027.",
    [TRAIN_ARR, TRAIN_DEP, TRAIN_PLAN],
    {"plan_train_journey": {"origin": ["Bristol Temple Meads"], "destination": ["Cardiff Central"],
                            "date": ["2027-11-19"], "depart_after": ["", "00:00"]}},
    kind="neighbour"))

add(item("informal",
    "i'd like to donate 12 packets of Lazy Housewife climbing beans that i saved in 2026, member no. 5521",
    [SEED_RESERVE, SEED_CHECK, SEED_DONATE],
    {"donate_seeds": {"member_id": ["5521"],
                      "variety": ["Lazy Housewife", "Lazy Housewife climbing bean", "Lazy Housewife climbing beans"],
                      "packets": [12], "harvest_year": [2026]}},
    kind="neighbour"))

add(item("plain",
    "Does the seed library have any Crapaudine beetroot in stock at the Mill Road branch?",
    [SEED_CHECK, SEED_DONATE, SEED_RESERVE],
    {"check_seed_availability": {"variety": ["Crapaudine", "Crapaudine beetroot"], "branch": ["Mill Road"]}},
    kind="neighbour"))

add(item("informal",
    "need to give 12.5 mg and the suspension is 1.5 mg/ml - how many ml do i draw up?",
    [VET_DOSE, VET_ML],
    {"convert_dose_mg_to_ml": {"dose_mg": [12.5], "concentration_mg_per_ml": [1.5]}},
    kind="neighbour"))

add(item("plain",
    "What total fluid volume does a 28 kg dog need at 2 ml per kg per hour over 6 hours?",
    [VET_FLUID, VET_ML, VET_DOSE],
    {"calculate_fluid_volume": {"body_weight_kg": [28.0], "rate_ml_per_kg_per_hour": [2.0], "hours": [6.0]}},
    kind="neighbour"))

add(item("plain",
    "I'm mashing 5.2 kg of grain that's at 18°C with 15.6 litres of water and want the mash to settle at 66°C. What temperature should I heat the water to?",
    [BREW_WATER, BREW_IBU, BREW_OG, BREW_STRIKE],
    {"calculate_strike_temperature": {"grain_kg": [5.2], "water_liters": [15.6], "grain_temp_c": [18.0],
                                      "target_mash_temp_c": [66.0]}},
    kind="neighbour"))

add(item("informal",
    "ibu for 28g of east kent goldings at 5.5% alpha, boiled 60 min in a 23 litre batch?",
    [BREW_STRIKE, BREW_OG, BREW_IBU],
    {"calculate_ibu": {"hop_grams": [28.0], "alpha_acid_fraction": [0.055], "boil_minutes": [60],
                       "batch_liters": [23.0]}},
    kind="neighbour"))

add(item("informal",
    "move booking DN-88213 to 9 march 2027 at 11:20",
    [DENT_BOOK, DENT_MOVE, DENT_CANCEL],
    {"dental.reschedule_appointment": {"booking_reference": ["DN-88213"], "new_date": ["2027-03-09"],
                                       "new_time": ["11:20"]}},
    kind="neighbour"))

add(item("plain",
    "Please cancel dental booking DN-90417 and give the reason as 'moved away'.",
    [DENT_CANCEL, DENT_MOVE],
    {"dental.cancel_appointment": {"booking_reference": ["DN-90417"], "reason": ["moved away"]}},
    kind="neighbour"))

add(item("informal",
    "what's V5 in font grades?",
    [CLIMB_ROUTE, CLIMB_BOULDER],
    {"convert_boulder_grade": {"grade": ["V5"], "from_scale": ["v_scale"], "to_scale": ["font"]}},
    kind="neighbour"))

add(item("plain",
    "What is a French 7a sport route in the Yosemite Decimal System?",
    [CLIMB_ROUTE, CLIMB_BOULDER],
    {"convert_route_grade": {"grade": ["7a"], "from_system": ["french"], "to_system": ["yds"]}},
    kind="neighbour"))

add(item("plain",
    "Give me the tidal stream predictions for the Solent on 14 July 2027.",
    [TIDES, INSHORE, STREAMS],
    {"get_tidal_streams": {"sea_area": ["Solent", "The Solent"], "date": ["2027-07-14"]}},
    kind="neighbour"))

add(item("informal",
    "inshore waters forecast for Ardnamurchan Point to Cape Wrath on 2 aug 2027?",
    [STREAMS, INSHORE, TIDES],
    {"get_inshore_forecast": {"coastal_area": ["Ardnamurchan Point to Cape Wrath"], "date": ["2027-08-02"]}},
    kind="neighbour"))

add(item("informal",
    "attach the repair quote roof_quote_feb.pdf to claim CLM-558204",
    [CLAIM_UPLOAD, CLAIM_STATUS, CLAIM_FILE],
    {"upload_claim_document": {"claim_number": ["CLM-558204"], "document_type": ["repair_quote"],
                                "file_name": ["roof_quote_feb.pdf"]}},
    kind="neighbour"))

add(item("plain",
    "What's the current status of insurance claim CLM-771093?",
    [CLAIM_FILE, CLAIM_UPLOAD, CLAIM_STATUS],
    {"get_claim_status": {"claim_number": ["CLM-771093"]}},
    kind="neighbour"))

add(item("informal",
    "average of D2:D48 on the Catch Log sheet, ignore the zeros",
    [SHEET_SUM, SHEET_COUNT, SHEET_AVG],
    {"average_cell_range": {"sheet_name": ["Catch Log"], "cell_range": ["D2:D48"], "ignore_zeros": [True]}},
    kind="neighbour"))

add(item("plain",
    "How many non-empty cells are there in A2:A500 on the Members sheet?",
    [SHEET_COUNT, SHEET_AVG, SHEET_SUM],
    {"count_nonblank_cells": {"sheet_name": ["Members"], "cell_range": ["A2:A500"]}},
    kind="neighbour"))

add(item("plain",
    "Order TIFF copies of item D/EX 1547/3/12 scanned at 600 dpi.",
    [ARCH_REQUEST, ARCH_COPY, ARCH_SEARCH],
    {"archive.order_copy": {"reference_code": ["D/EX 1547/3/12"], "copy_format": ["tiff"], "dpi": [600]}},
    kind="neighbour"))

add(item("informal",
    "search the catalogue for anything on tithe disputes from 1820 to 1850",
    [ARCH_SEARCH, ARCH_REQUEST, ARCH_COPY],
    {"archive.search_catalogue": {"keywords": ["tithe disputes"], "from_year": [1820], "to_year": [1850]}},
    kind="neighbour"))

add(item("informal",
    "convert 28px to rem, root size is 18px",
    [TYPE_PTMM, TYPE_REM, TYPE_LEAD],
    {"px_to_rem": {"pixels": [28.0], "root_font_size_px": [18.0]}},
    kind="neighbour"))

add(item("plain",
    "How many millimetres is 9.5 point type?",
    [TYPE_LEAD, TYPE_REM, TYPE_PTMM],
    {"points_to_millimeters": {"points": [9.5]}},
    kind="neighbour"))

add(item("informal",
    "add another 40 mins to parking session PS-663019",
    [PARK_EXTEND, PARK_PAY, PARK_FIND],
    {"extend_parking_session": {"session_id": ["PS-663019"], "extra_minutes": [40]}},
    kind="neighbour"))

add(item("plain",
    "Find parking near Tynemouth Priory with EV charging for no more than £2.50 an hour.",
    [PARK_PAY, PARK_EXTEND, PARK_FIND],
    {"find_parking_spaces": {"location": ["Tynemouth Priory"], "max_price_per_hour": [2.5], "ev_charging": [True]}},
    kind="neighbour"))

add(item("plain",
    "How many downloads did episode 42 of show pod-1180 get between 1 January 2027 and 31 January 2027?",
    [POD_REVIEWS, POD_STATS, POD_UPLOAD],
    {"podcast.get_download_stats": {"show_id": ["pod-1180"], "episode_number": [42], "start_date": ["2027-01-01"],
                                    "end_date": ["2027-01-31"]}},
    kind="neighbour"))

add(item("informal",
    "upload kiln_gods_ep12.mp3 to show pod-1180 and call it 'Cone 10 or Bust'",
    [POD_REVIEWS, POD_STATS, POD_RENAME, POD_UPLOAD],
    {"podcast.upload_episode": {"show_id": ["pod-1180"], "file_name": ["kiln_gods_ep12.mp3"],
                                "title": ["Cone 10 or Bust"]}},
    kind="neighbour"))

add(item("informal",
    "whats the min landing size for bass in area 7e?",
    [FISH_QUOTA, FISH_SIZE, FISH_SEASON, FISH_LAND],
    {"fishery.get_minimum_size": {"species": ["bass", "sea bass", "European sea bass"], "area": ["7e"]}},
    kind="neighbour"))

add(item("plain",
    "How much of its 2027 pollack quota does vessel PZ-1123 have left?",
    [FISH_LAND, FISH_SEASON, FISH_SIZE, FISH_QUOTA],
    {"fishery.check_quota": {"vessel_id": ["PZ-1123"], "species": ["pollack"], "year": [2027]}},
    kind="neighbour"))

add(item("plain",
    "Set the workshop heating to come on at 06:45 and go off at 17:30 on Mondays, Tuesdays and Thursdays.",
    [HVAC_TEMP, HVAC_FAN, HVAC_HUMID, HVAC_SCHED],
    {"hvac.set_heating_schedule": {"zone": ["workshop"], "days": [["monday", "tuesday", "thursday"]],
                                   "on_time": ["06:45"], "off_time": ["17:30"]}},
    kind="neighbour"))

add(item("informal",
    "turn the fan in the server room up to high",
    [HVAC_SCHED, HVAC_TEMP, HVAC_FAN],
    {"hvac.set_fan_mode": {"zone": ["server room"], "mode": ["high"]}},
    kind="neighbour"))
