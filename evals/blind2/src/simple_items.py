"""Hand-written items for blind2_simple: (question, function, answer-args)."""
from helpers import S, I, F, B, A, D, fn

ITEMS = []


def add(q, f, ans):
    ITEMS.append((q, f, ans))


# 0 gardening
add("I've got a raised bed 2.4 m long and 1.2 m wide and I want to sow carrots 5 cm apart. The packet says only about 70% of the seeds germinate. How many seeds should I buy?",
    fn("calculate_seed_quantity",
       "Estimates how many seeds to buy to fill a rectangular garden bed at a given square-grid spacing, allowing for seeds that fail to germinate.",
       {"bed_length_m": F("Length of the bed in metres."),
        "bed_width_m": F("Width of the bed in metres."),
        "spacing_cm": F("Distance between plants in centimetres, on a square grid."),
        "germination_rate": F("Expected share of seeds that germinate, as a fraction between 0 and 1 (e.g. 0.9). Default is 0.85.")},
       ["bed_length_m", "bed_width_m", "spacing_cm"]),
    {"bed_length_m": [2.4], "bed_width_m": [1.2], "spacing_cm": [5.0], "germination_rate": [0.7]})

# 1 astronomy
add("what's the moon phase gonna be on 9 august 2027?",
    fn("astronomy.moon_phase",
       "Returns the lunar phase name and the illuminated fraction of the Moon's disc for a given date.",
       {"date": S("Date in YYYY-MM-DD format."),
        "timezone": S("IANA time zone name used to interpret the date, e.g. 'Europe/Berlin'. Default is 'UTC'.")},
       ["date"]),
    {"date": ["2027-08-09"], "timezone": ["", "UTC"]})

# 2 library
add("Please renew the book with barcode 31270004482913 on library card 2298-4410-0176 for three more weeks.",
    fn("renew_library_loan",
       "Renews an item currently checked out on a public library card, extending its due date.",
       {"card_number": S("Library card number as printed on the card."),
        "item_barcode": S("Barcode number of the borrowed item."),
        "extra_weeks": I("Number of weeks to extend the loan by, from 1 to 4. Default is 2.")},
       ["card_number", "item_barcode"]),
    {"card_number": ["2298-4410-0176"], "item_barcode": ["31270004482913"], "extra_weeks": [3]})

# 3 transit
add("when's the next 42 bus leaving from stop 5517? give me the next five",
    fn("transit.next_departures",
       "Lists upcoming real-time departures from a bus or tram stop.",
       {"stop_id": S("Numeric stop ID shown on the stop sign."),
        "route": S("Route number or name to filter by, e.g. '42'. If omitted, all routes serving the stop are returned."),
        "limit": I("Maximum number of departures to return. Default is 3.")},
       ["stop_id"]),
    {"stop_id": ["5517"], "route": ["42"], "limit": [5]})

# 4 pets
add("My border collie weighs 19.5 kg and she's super active, herding trials every weekend. How much should she be eating per day?",
    fn("calculate_dog_food_portion",
       "Calculates a dog's recommended daily amount of dry kibble, in grams, from its body weight and activity level.",
       {"weight_kg": F("Dog's body weight in kilograms."),
        "activity_level": S("How active the dog is: 'low' (mostly indoors), 'moderate' (daily walks) or 'high' (working or sport dogs).",
                            ["low", "moderate", "high"])},
       ["weight_kg", "activity_level"]),
    {"weight_kg": [19.5], "activity_level": ["high"]})

# 5 real estate
add("I'm looking at a condo listed at $412,000 that would rent for about $2,150 a month. HOA dues and property taxes come to $6,800 a year. What would the net rental yield be?",
    fn("estimate_rental_yield",
       "Computes the net annual rental yield of a property as a percentage of its purchase price.",
       {"purchase_price": F("Purchase price of the property in US dollars."),
        "monthly_rent": F("Expected monthly rent in US dollars."),
        "annual_expenses": F("Yearly running costs (taxes, HOA dues, insurance, maintenance) in US dollars.")},
       ["purchase_price", "monthly_rent", "annual_expenses"]),
    {"purchase_price": [412000.0], "monthly_rent": [2150.0], "annual_expenses": [6800.0]})

# 6 education
add("my scores are 88, 92 and 75 and theyre worth 30%, 30% and 40% of the grade. whats my final grade",
    fn("calculate_weighted_grade",
       "Computes a weighted average grade from a list of scores and their weights.",
       {"scores": A("float", "Scores on a 0-100 scale, in the same order as the weights."),
        "weights": A("float", "Weight of each score as a percentage; the weights should add up to 100.")},
       ["scores", "weights"]),
    {"scores": [[88.0, 92.0, 75.0]], "weights": [[30.0, 30.0, 40.0]]})

# 7 energy
add("Roughly how much electricity would a 6.4 kW rooftop solar array produce in a year in Albuquerque, New Mexico?",
    fn("estimate_solar_output",
       "Estimates the annual energy production, in kWh, of a fixed solar PV array at a location using typical-year irradiance data.",
       {"system_size_kw": F("DC nameplate capacity of the array in kilowatts."),
        "location": S("City and state or country of the installation, e.g. 'Denver, CO'."),
        "tilt_degrees": F("Panel tilt from horizontal in degrees. Default is 30.")},
       ["system_size_kw", "location"]),
    {"system_size_kw": [6.4], "location": ["Albuquerque, New Mexico", "Albuquerque, NM", "Albuquerque"], "tilt_degrees": ["", 30.0]})

# 8 logistics
add("need a quote to ship a 12 kg box, 50 x 40 x 30 cm, from 60614 to 94103. overnight pls",
    fn("logistics.shipping_quote",
       "Returns a price quote for shipping a single parcel between two US ZIP codes.",
       {"origin_zip": S("5-digit ZIP code the parcel ships from."),
        "destination_zip": S("5-digit ZIP code the parcel ships to."),
        "weight_kg": F("Parcel weight in kilograms."),
        "dimensions": D("Outer dimensions of the parcel in centimetres.",
                        {"length_cm": F("Longest side in centimetres."),
                         "width_cm": F("Middle side in centimetres."),
                         "height_cm": F("Shortest side in centimetres.")},
                        ["length_cm", "width_cm", "height_cm"]),
        "service": S("Delivery speed. Default is 'ground'.", ["ground", "express", "overnight"])},
       ["origin_zip", "destination_zip", "weight_kg", "dimensions"]),
    {"origin_zip": ["60614"], "destination_zip": ["94103"], "weight_kg": [12.0],
     "dimensions": [{"length_cm": [50.0], "width_cm": [40.0], "height_cm": [30.0]}],
     "service": ["overnight"]})

# 9 chemistry
add("What is the molar mass of calcium carbonate (CaCO3)?",
    fn("calculate_molar_mass",
       "Calculates the molar mass in g/mol of a compound from its chemical formula.",
       {"formula": S("Chemical formula using element symbols and counts, e.g. 'H2SO4'. Names such as 'sulfuric acid' are not accepted.")},
       ["formula"]),
    {"formula": ["CaCO3"]})

# 10 sports / running
add("ran a half marathon (21.1 km) in 1 hour 52 minutes 30 seconds. what was my avg pace per km?",
    fn("calculate_running_pace",
       "Calculates average pace per kilometre from a distance and a finishing time.",
       {"distance_km": F("Distance covered in kilometres."),
        "finish_time": S("Elapsed time in HH:MM:SS format.")},
       ["distance_km", "finish_time"]),
    {"distance_km": [21.1], "finish_time": ["01:52:30", "1:52:30"]})

# 11 health
add("How much water should I be drinking each day? I weigh 68 kg, I exercise about 45 minutes a day, and I live in Phoenix, so the climate is hot.",
    fn("health.water_intake_recommendation",
       "Recommends a daily water intake in litres based on body weight, daily exercise and climate.",
       {"weight_kg": F("Body weight in kilograms."),
        "exercise_minutes": I("Average minutes of exercise per day."),
        "climate": S("Climate the person lives in.", ["temperate", "hot", "cold"])},
       ["weight_kg", "exercise_minutes", "climate"]),
    {"weight_kg": [68.0], "exercise_minutes": [45], "climate": ["hot"]})

# 12 finance
add("If I put 15,000 dollars in a CD at 4.25% compounded quarterly for five years, what will it be worth at the end?",
    fn("compute_compound_interest",
       "Computes the future value of a lump-sum deposit with compound interest.",
       {"principal": F("Initial deposit in dollars."),
        "annual_rate_percent": F("Nominal annual interest rate as a percent, e.g. 4.5 for 4.5%."),
        "years": I("Number of years the money is invested."),
        "compounds_per_year": I("How many times per year interest is compounded. Default is 12 (monthly).")},
       ["principal", "annual_rate_percent", "years"]),
    {"principal": [15000.0], "annual_rate_percent": [4.25], "years": [5], "compounds_per_year": [4]})

# 13 travel
add("do i need a visa to visit japan on a brazilian passport?",
    fn("travel.visa_requirements",
       "Looks up entry visa requirements for a traveller holding a given passport and visiting a given country.",
       {"passport_country": S("Country that issued the traveller's passport, as an English country name, e.g. 'Canada'."),
        "destination_country": S("Country being visited, as an English country name.")},
       ["passport_country", "destination_country"]),
    {"passport_country": ["Brazil"], "destination_country": ["Japan"]})

# 14 files
add("Bundle report.pdf, data.csv and notes.txt into a zip archive named q3_submission.zip.",
    fn("compress_files",
       "Packs one or more files into a single compressed archive in the current working directory.",
       {"file_paths": A("string", "Paths of the files to include."),
        "archive_name": S("File name of the archive to create, including its extension."),
        "format": S("Archive format. Default is 'zip'.", ["zip", "tar.gz", "7z"])},
       ["file_paths", "archive_name"]),
    {"file_paths": [["report.pdf", "data.csv", "notes.txt"]], "archive_name": ["q3_submission.zip"], "format": ["", "zip"]})

# 15 messaging
add("text +14155550132: \"Running 10 minutes late, start without me.\"",
    fn("send_sms",
       "Sends an SMS text message to a phone number.",
       {"phone_number": S("Recipient number in E.164 format, e.g. '+447700900123'."),
        "message": S("Text of the message, up to 480 characters.")},
       ["phone_number", "message"]),
    {"phone_number": ["+14155550132"], "message": ["Running 10 minutes late, start without me."]})

# 16 cooking
add("how many grams is 2 and a half cups of all-purpose flour?",
    fn("convert_cooking_measurement",
       "Converts a cooking quantity between volume and weight units for a specific ingredient, using that ingredient's density.",
       {"quantity": F("Amount to convert."),
        "from_unit": S("Unit of the given amount.", ["cup", "tablespoon", "teaspoon", "milliliter", "gram", "ounce"]),
        "to_unit": S("Unit to convert to.", ["cup", "tablespoon", "teaspoon", "milliliter", "gram", "ounce"]),
        "ingredient": S("Ingredient name, e.g. 'granulated sugar'; needed because densities differ.")},
       ["quantity", "from_unit", "to_unit", "ingredient"]),
    {"quantity": [2.5], "from_unit": ["cup"], "to_unit": ["gram"], "ingredient": ["all-purpose flour", "flour"]})

# 17 music
add("Transpose the chord progression C - Am - F - G up by three semitones.",
    fn("transpose_chords",
       "Transposes a chord progression by a number of semitones and returns the new chord symbols.",
       {"chords": A("string", "Chord symbols in order, e.g. ['Dm7', 'G7', 'Cmaj7']."),
        "semitones": I("Number of semitones to shift; positive moves up, negative moves down.")},
       ["chords", "semitones"]),
    {"chords": [["C", "Am", "F", "G"]], "semitones": [3]})

# 18 weather
add("wat was the weather like in reykjavik on 17 june 2025",
    fn("get_historical_weather",
       "Returns observed weather (high and low temperature, precipitation, wind) for a place on a past date.",
       {"location": S("City name, optionally with country, e.g. 'Lyon, France'."),
        "date": S("Past date in YYYY-MM-DD format.")},
       ["location", "date"]),
    {"location": ["Reykjavik", "Reykjavik, Iceland", "Reykjavík", "Reykjavík, Iceland"], "date": ["2025-06-17"]})

# 19 geography
add("elevation at 46.8523, -121.7603? in feet",
    fn("get_elevation",
       "Returns the ground elevation above mean sea level at a coordinate.",
       {"latitude": F("Latitude in decimal degrees, positive north."),
        "longitude": F("Longitude in decimal degrees, positive east."),
        "units": S("Unit for the result. Default is 'meters'.", ["meters", "feet"])},
       ["latitude", "longitude"]),
    {"latitude": [46.8523], "longitude": [-121.7603], "units": ["feet"]})

# 20 math
add("Find the roots of 2x^2 - 7x + 3 = 0.",
    fn("solve_quadratic",
       "Solves a quadratic equation a*x^2 + b*x + c = 0 and returns its real or complex roots.",
       {"a": F("Coefficient of x^2; must be non-zero."),
        "b": F("Coefficient of x."),
        "c": F("Constant term.")},
       ["a", "b", "c"]),
    {"a": [2.0], "b": [-7.0], "c": [3.0]})

# 21 physics
add("A ball is kicked at 22 m/s at an angle of 35 degrees above the ground. How far does it travel before it lands, assuming level ground and no air resistance?",
    fn("physics.projectile_range",
       "Computes the horizontal range of a projectile launched from and landing on level ground, ignoring air resistance.",
       {"initial_speed_mps": F("Launch speed in metres per second."),
        "launch_angle_deg": F("Launch angle above the horizontal, in degrees."),
        "gravity_mps2": F("Gravitational acceleration in m/s^2. Default is 9.81.")},
       ["initial_speed_mps", "launch_angle_deg"]),
    {"initial_speed_mps": [22.0], "launch_angle_deg": [35.0], "gravity_mps2": ["", 9.81]})

# 22 HR
add("I accrue 4.62 hours of PTO every pay period and have 16 hours banked right now. How much will I have after 26 pay periods if I don't take any time off?",
    fn("project_pto_balance",
       "Projects a paid-time-off balance, in hours, after a number of pay periods with no time taken.",
       {"accrual_hours_per_period": F("Hours of PTO earned each pay period."),
        "pay_periods": I("Number of pay periods to project forward."),
        "current_balance_hours": F("PTO hours already banked.")},
       ["accrual_hours_per_period", "pay_periods", "current_balance_hours"]),
    {"accrual_hours_per_period": [4.62], "pay_periods": [26], "current_balance_hours": [16.0]})

# 23 legal
add("What's the statute of limitations for breach of an oral contract in Texas?",
    fn("statute_of_limitations_lookup",
       "Looks up the civil statute of limitations, in years, for a type of claim in a US state.",
       {"state": S("Two-letter US state abbreviation, e.g. 'CA'."),
        "claim_type": S("Category of civil claim.",
                        ["personal_injury", "breach_of_written_contract", "breach_of_oral_contract", "property_damage", "fraud"])},
       ["state", "claim_type"]),
    {"state": ["TX"], "claim_type": ["breach_of_oral_contract"]})

# 24 agriculture
add("wheat yield estimate for 340 ha in saskatchewan?",
    fn("estimate_crop_yield",
       "Estimates the total harvest in tonnes for a crop and planted area using regional average yields.",
       {"crop": S("Crop name, e.g. 'corn' or 'barley'."),
        "area_hectares": F("Planted area in hectares."),
        "region": S("Province, state or country whose average yields should be used.")},
       ["crop", "area_hectares", "region"]),
    {"crop": ["wheat"], "area_hectares": [340.0], "region": ["Saskatchewan", "Saskatchewan, Canada"]})

# 25 aviation
add("METAR for KDEN",
    fn("get_metar",
       "Fetches the latest METAR weather observation for an airport.",
       {"icao_code": S("Four-letter ICAO airport code, e.g. 'EGLL'.")},
       ["icao_code"]),
    {"icao_code": ["KDEN"]})

# 26 marine
add("Can you give me the tide times at Monterey for three days starting October 2nd, 2027?",
    fn("marine.tide_times",
       "Returns predicted high and low tide times and heights for a tide station.",
       {"station": S("Tide station name, e.g. 'San Diego'."),
        "start_date": S("First date in YYYY-MM-DD format."),
        "days": I("Number of consecutive days to return, 1 to 7. Default is 1.")},
       ["station", "start_date"]),
    {"station": ["Monterey", "Monterey, CA", "Monterey, California"], "start_date": ["2027-10-02"], "days": [3]})

# 27 photography
add("shooting an 85mm lens at f/1.8, subject about 3 m away, on an APS-C body. whats my depth of field",
    fn("calculate_depth_of_field",
       "Calculates the near limit, far limit and total depth of field for a lens setting.",
       {"focal_length_mm": F("Actual focal length of the lens in millimetres."),
        "aperture": F("Aperture f-number, e.g. 2.8 for f/2.8."),
        "subject_distance_m": F("Distance to the subject in metres."),
        "sensor_format": S("Camera sensor size, which sets the circle of confusion. Default is 'full_frame'.",
                           ["full_frame", "aps_c", "micro_four_thirds"])},
       ["focal_length_mm", "aperture", "subject_distance_m"]),
    {"focal_length_mm": [85.0], "aperture": [1.8], "subject_distance_m": [3.0], "sensor_format": ["aps_c"]})

# 28 fitness
add("log a 40-minute swim for 2026-11-30",
    fn("log_workout",
       "Adds a workout entry to the user's fitness log.",
       {"activity": S("Type of exercise, e.g. 'running' or 'cycling'."),
        "duration_minutes": I("Length of the workout in minutes."),
        "date": S("Date of the workout in YYYY-MM-DD format."),
        "calories_burned": I("Calories burned, if known.")},
       ["activity", "duration_minutes", "date"]),
    {"activity": ["swim", "swimming"], "duration_minutes": [40], "date": ["2026-11-30"], "calories_burned": [""]})

# 29 calendar
add("Add an event called \"Dentist appointment\" on March 3rd, 2027 at 2:15 pm. It should take 45 minutes.",
    fn("create_calendar_event",
       "Creates an event on the user's primary calendar.",
       {"title": S("Title of the event."),
        "start_time": S("Start in local time, in ISO 8601 form YYYY-MM-DDTHH:MM (24-hour)."),
        "duration_minutes": I("Length of the event in minutes. Default is 60.")},
       ["title", "start_time"]),
    {"title": ["Dentist appointment"], "start_time": ["2027-03-03T14:15"], "duration_minutes": [45]})

# 30 retail
add("is sku 88-1043-22 in stock anywhere near 30309",
    fn("check_store_inventory",
       "Checks in-store stock of a product at stores near a US ZIP code.",
       {"sku": S("Product SKU exactly as shown on the product page."),
        "zip_code": S("5-digit ZIP code to search around."),
        "radius_miles": I("Search radius in miles. Default is 25.")},
       ["sku", "zip_code"]),
    {"sku": ["88-1043-22"], "zip_code": ["30309"], "radius_miles": ["", 25]})

# 31 insurance
add("Ballpark homeowners insurance premium for a house with a $385k dwelling value in ZIP 73301, with a 2,500 dollar deductible?",
    fn("estimate_home_insurance_premium",
       "Estimates an annual homeowners insurance premium in US dollars.",
       {"dwelling_value": F("Replacement cost of the house in US dollars."),
        "zip_code": S("5-digit ZIP code of the property."),
        "deductible": F("Policy deductible in US dollars.")},
       ["dwelling_value", "zip_code", "deductible"]),
    {"dwelling_value": [385000.0], "zip_code": ["73301"], "deductible": [2500.0]})

# 32 telecom
add("how much data did I use on account AC-7781-X in september 2026",
    fn("check_data_usage",
       "Returns the mobile data used on an account during one billing month.",
       {"account_id": S("Customer account ID."),
        "billing_month": S("Billing month in YYYY-MM format. Defaults to the current billing month.")},
       ["account_id"]),
    {"account_id": ["AC-7781-X"], "billing_month": ["2026-09"]})

# 33 genealogy
add("Search genealogy records for someone with the surname Kowalczyk who was born in 1887.",
    fn("genealogy.search_records",
       "Searches birth, marriage, census and immigration records for a person.",
       {"surname": S("Family name to search for."),
        "birth_year": I("Four-digit year of birth."),
        "birth_country": S("Country of birth as an English name. If omitted, all countries are searched.")},
       ["surname", "birth_year"]),
    {"surname": ["Kowalczyk"], "birth_year": [1887], "birth_country": [""]})

# 34 museums
add("Is the Rijksmuseum open on 25 December 2026, and if so what are its hours?",
    fn("get_museum_hours",
       "Returns a museum's opening hours on a specific date, including holiday closures.",
       {"museum_name": S("Name of the museum."),
        "date": S("Date in YYYY-MM-DD format.")},
       ["museum_name", "date"]),
    {"museum_name": ["Rijksmuseum"], "date": ["2026-12-25"]})

# 35 wine
add("what wine goes with mushroom risotto? under $30 a bottle",
    fn("suggest_wine_pairing",
       "Suggests wines that pair well with a dish.",
       {"dish": S("The dish to pair with."),
        "max_price_usd": F("Maximum price per bottle in US dollars. If omitted, there is no price limit.")},
       ["dish"]),
    {"dish": ["mushroom risotto"], "max_price_usd": [30.0]})

# 36 beekeeping
add("so I've got seven hives now, each with two full medium supers on top. roughly how much honey can I expect to pull?",
    fn("estimate_honey_harvest",
       "Estimates extractable honey, in pounds, from full honey supers.",
       {"hive_count": I("Number of hives."),
        "supers_per_hive": I("Number of full honey supers on each hive."),
        "super_depth": S("Depth of the supers.", ["shallow", "medium", "deep"])},
       ["hive_count", "supers_per_hive", "super_depth"]),
    {"hive_count": [7], "supers_per_hive": [2], "super_depth": ["medium"]})

# 37 carpentry
add("How many board feet are in twelve rough-sawn boards that are 2 inches thick, 6 inches wide and 8 feet long?",
    fn("calculate_board_feet",
       "Calculates lumber volume in board feet for a set of identical boards.",
       {"thickness_in": F("Board thickness in inches."),
        "width_in": F("Board width in inches."),
        "length_ft": F("Board length in feet."),
        "quantity": I("Number of identical boards.")},
       ["thickness_in", "width_in", "length_ft", "quantity"]),
    {"thickness_in": [2.0], "width_in": [6.0], "length_ft": [8.0], "quantity": [12]})

# 38 3D printing
add("how much filamnet will a 145 cm³ model take at 20% infill in PETG?",
    fn("print3d.estimate_filament",
       "Estimates the filament length and weight needed to 3D-print a model.",
       {"model_volume_cm3": F("Solid volume of the model in cubic centimetres."),
        "infill_percent": F("Infill density as a percent from 0 to 100."),
        "material": S("Filament material.", ["PLA", "PETG", "ABS", "TPU"])},
       ["model_volume_cm3", "infill_percent", "material"]),
    {"model_volume_cm3": [145.0], "infill_percent": [20.0], "material": ["PETG"]})

# 39 chess
add("Analyze this position to depth 30: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    fn("analyze_chess_position",
       "Runs an engine analysis of a chess position and returns the best line and evaluation.",
       {"fen": S("Position in Forsyth-Edwards Notation (FEN)."),
        "depth": I("Search depth in plies. Default is 20.")},
       ["fen"]),
    {"fen": ["rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"], "depth": [30]})

# 40 podcasts
add("any german-language podcasts about urban beekeeping?",
    fn("search_podcasts",
       "Searches a podcast directory for shows matching a query.",
       {"query": S("Search terms."),
        "language": S("Two-letter ISO 639-1 code of the shows' language, e.g. 'fr'. Default is 'en'."),
        "max_results": I("Number of shows to return. Default is 10.")},
       ["query"]),
    {"query": ["urban beekeeping"], "language": ["de"], "max_results": ["", 10]})

# 41 knitting
add("How much worsted yarn do I need to knit a sweater in adult size medium?",
    fn("calculate_yarn_needed",
       "Estimates the yardage needed to knit a garment.",
       {"garment": S("Type of garment.", ["scarf", "hat", "sweater", "socks", "blanket"]),
        "size": S("Garment size.", ["baby", "child", "adult_s", "adult_m", "adult_l", "adult_xl"]),
        "yarn_weight": S("Yarn weight category.", ["lace", "fingering", "dk", "worsted", "bulky"])},
       ["garment", "size", "yarn_weight"]),
    {"garment": ["sweater"], "size": ["adult_m"], "yarn_weight": ["worsted"]})

# 42 energy
add("my space heater is 1,500 watts and runs abt 6 hrs a day. electricity here is 17 cents per kWh. what does that cost me over a 31-day month?",
    fn("calculate_appliance_energy_cost",
       "Calculates the electricity cost of running an appliance over a number of days.",
       {"power_watts": F("Power draw of the appliance in watts."),
        "hours_per_day": F("Hours of use per day."),
        "price_per_kwh": F("Electricity price in dollars per kWh, e.g. 0.15."),
        "days": I("Number of days to cost.")},
       ["power_watts", "hours_per_day", "price_per_kwh", "days"]),
    {"power_watts": [1500.0], "hours_per_day": [6.0], "price_per_kwh": [0.17], "days": [31]})

# 43 astronomy
add("When can I see the ISS from 51.5074° N, 0.1278° W over the next ten days?",
    fn("astronomy.satellite_passes",
       "Predicts visible passes of a satellite over an observer's location.",
       {"satellite": S("Satellite name or NORAD catalogue number."),
        "latitude": F("Observer latitude in decimal degrees, positive north."),
        "longitude": F("Observer longitude in decimal degrees, positive east."),
        "days": I("How many days ahead to search, 1 to 10. Default is 5.")},
       ["satellite", "latitude", "longitude"]),
    {"satellite": ["ISS", "International Space Station", "25544"], "latitude": [51.5074], "longitude": [-0.1278], "days": [10]})

# 44 library
add("Does the library have The Overstory as an audiobook?",
    fn("search_catalog",
       "Searches the public library catalogue by title, author or keyword.",
       {"query": S("Title, author or keyword."),
        "format": S("Item format to return. Default is 'any'.", ["any", "book", "ebook", "audiobook", "dvd"]),
        "branch": S("Branch name to limit results to. If omitted, all branches are searched.")},
       ["query"]),
    {"query": ["The Overstory", "Overstory"], "format": ["audiobook"], "branch": [""]})

# 45 transit
add("Plan a transit trip from Union Station to the Getty Center leaving at 8:30 am on 2027-01-15.",
    fn("plan_transit_trip",
       "Plans a public-transit journey between two places.",
       {"origin": S("Starting place or address."),
        "destination": S("Destination place or address."),
        "depart_at": S("Departure time in local ISO 8601 form YYYY-MM-DDTHH:MM (24-hour).")},
       ["origin", "destination", "depart_at"]),
    {"origin": ["Union Station"], "destination": ["Getty Center", "The Getty Center"], "depart_at": ["2027-01-15T08:30"]})

# 46 pets
add("we just got a kitten, she was born 2026-09-20. what shots does she need and when?",
    fn("pets.vaccination_schedule",
       "Returns the recommended core vaccination schedule for a young pet from its birth date.",
       {"species": S("Animal species.", ["dog", "cat", "rabbit", "ferret"]),
        "birth_date": S("Birth date in YYYY-MM-DD format.")},
       ["species", "birth_date"]),
    {"species": ["cat"], "birth_date": ["2026-09-20"]})

# 47 real estate
add("Estimate the annual property tax on a home assessed at $275,000 in Travis County, TX. It's my primary residence, so I'll be claiming the homestead exemption.",
    fn("get_property_tax_estimate",
       "Estimates the annual property tax for a home in a US county.",
       {"assessed_value": F("Assessed value of the property in US dollars."),
        "county": S("County name, e.g. 'Cook County'."),
        "state": S("Two-letter US state abbreviation."),
        "homestead_exemption": B("Whether to apply the homestead exemption for a primary residence. Default is false.")},
       ["assessed_value", "county", "state"]),
    {"assessed_value": [275000.0], "county": ["Travis County", "Travis"], "state": ["TX"], "homestead_exemption": [True]})

# 48 education
add("find scholarships for a nursing student with a 3.6 gpa",
    fn("find_scholarships",
       "Finds scholarships matching a student's field of study and GPA.",
       {"field_of_study": S("Intended or current major."),
        "gpa": F("Grade point average on a 4.0 scale."),
        "state": S("Two-letter US state of residence, to include state-specific awards. If omitted, only national awards are returned.")},
       ["field_of_study", "gpa"]),
    {"field_of_study": ["nursing"], "gpa": [3.6], "state": [""]})

# 49 logistics
add("where's my fedex package? tracking 7712 4491 0383",
    fn("track_package",
       "Gets the latest tracking status of a parcel.",
       {"tracking_number": S("Carrier tracking number."),
        "carrier": S("Shipping carrier.", ["ups", "fedex", "usps", "dhl"])},
       ["tracking_number", "carrier"]),
    {"tracking_number": ["7712 4491 0383"], "carrier": ["fedex"]})

# 50 chemistry
add("How much of a 12 M HCl stock solution do I need to make 500 mL of 0.5 M HCl?",
    fn("chemistry.dilution_volume",
       "Uses C1V1 = C2V2 to compute the volume of stock solution, in mL, needed for a dilution.",
       {"stock_concentration_m": F("Molarity of the stock solution in mol/L."),
        "final_concentration_m": F("Desired molarity in mol/L."),
        "final_volume_ml": F("Desired final volume in millilitres.")},
       ["stock_concentration_m", "final_concentration_m", "final_volume_ml"]),
    {"stock_concentration_m": [12.0], "final_concentration_m": [0.5], "final_volume_ml": [500.0]})

# 51 sports
add("My last five rounds on the same course were 92, 88, 95, 90 and 87. The course rating is 71.4 and the slope is 128. What's my handicap index?",
    fn("calculate_golf_handicap",
       "Calculates a golf handicap index from recent scores on one course.",
       {"scores": A("integer", "Gross scores of recent 18-hole rounds."),
        "course_rating": F("Course rating, e.g. 72.1."),
        "slope_rating": I("Slope rating, from 55 to 155.")},
       ["scores", "course_rating", "slope_rating"]),
    {"scores": [[92, 88, 95, 90, 87]], "course_rating": [71.4], "slope_rating": [128]})

# 52 health
add("im 44, what are my heart rate zones? resting hr is 58",
    fn("calculate_heart_rate_zones",
       "Computes five training heart-rate zones. Uses the Karvonen method when a resting heart rate is given, otherwise percentages of estimated maximum heart rate.",
       {"age": I("Age in years."),
        "resting_heart_rate": I("Resting heart rate in beats per minute. Optional.")},
       ["age"]),
    {"age": [44], "resting_heart_rate": [58]})

# 53 finance
add("Show me Procter & Gamble's (PG) dividend history from January 1, 2020 through December 31, 2024.",
    fn("get_dividend_history",
       "Returns the dividends paid by a stock between two dates.",
       {"ticker": S("Stock ticker symbol, e.g. 'KO'."),
        "start_date": S("Start date in YYYY-MM-DD format."),
        "end_date": S("End date in YYYY-MM-DD format.")},
       ["ticker", "start_date", "end_date"]),
    {"ticker": ["PG"], "start_date": ["2020-01-01"], "end_date": ["2024-12-31"]})

# 54 travel
add("Hotels in Lisbon, checking in 2027-05-12 and out 2027-05-15, for 3 people, max €180 a night.",
    fn("search_hotels",
       "Searches hotels with availability for given dates.",
       {"city": S("City to search in."),
        "check_in": S("Check-in date in YYYY-MM-DD format."),
        "check_out": S("Check-out date in YYYY-MM-DD format."),
        "guests": I("Number of guests. Default is 2."),
        "max_price_per_night": F("Maximum nightly rate in the local currency. If omitted, there is no limit.")},
       ["city", "check_in", "check_out"]),
    {"city": ["Lisbon", "Lisboa", "Lisbon, Portugal"], "check_in": ["2027-05-12"], "check_out": ["2027-05-15"],
     "guests": [3], "max_price_per_night": [180.0]})

# 55 files
add("list files over 500 MB in /home/dana/videos, but don't look in subfolders",
    fn("files.find_large_files",
       "Lists files in a directory that are larger than a size threshold.",
       {"directory": S("Absolute path of the directory to scan."),
        "min_size_mb": F("Minimum file size in megabytes."),
        "recursive": B("Whether to search subdirectories too. Default is true.")},
       ["directory", "min_size_mb"]),
    {"directory": ["/home/dana/videos"], "min_size_mb": [500.0], "recursive": [False]})

# 56 messaging
add("Post \"Deploy finished, all green\" to #release-eng.",
    fn("post_slack_message",
       "Posts a message to a Slack channel.",
       {"channel": S("Channel name, e.g. '#general'."),
        "text": S("Message text."),
        "thread_ts": S("Timestamp of a parent message to reply in its thread. If omitted, the message is posted to the channel.")},
       ["channel", "text"]),
    {"channel": ["#release-eng", "release-eng"], "text": ["Deploy finished, all green"], "thread_ts": [""]})

# 57 gardening
add("when's the last spring frost usually around 55407",
    fn("get_frost_dates",
       "Returns average last-spring and first-fall frost dates for a US ZIP code.",
       {"zip_code": S("5-digit US ZIP code.")},
       ["zip_code"]),
    {"zip_code": ["55407"]})

# 58 astronomy
add("My telescope has a 1200mm focal length. With a 25mm eyepiece and a 2x Barlow lens, what magnification do I get?",
    fn("calculate_telescope_magnification",
       "Calculates the magnification of a telescope and eyepiece combination.",
       {"telescope_focal_length_mm": F("Focal length of the telescope in millimetres."),
        "eyepiece_focal_length_mm": F("Focal length of the eyepiece in millimetres."),
        "barlow_factor": F("Barlow lens multiplier, e.g. 2 for a 2x Barlow. Default is 1 (no Barlow).")},
       ["telescope_focal_length_mm", "eyepiece_focal_length_mm"]),
    {"telescope_focal_length_mm": [1200.0], "eyepiece_focal_length_mm": [25.0], "barlow_factor": [2.0]})

# 59 air quality
add("PM2.5 in Delhi right now?",
    fn("get_air_quality",
       "Returns current air-quality readings for a city.",
       {"city": S("City name."),
        "pollutant": S("Which measurement to return. Default is 'aqi' (the overall index).", ["aqi", "pm2_5", "pm10", "o3", "no2"])},
       ["city"]),
    {"city": ["Delhi", "New Delhi"], "pollutant": ["pm2_5"]})

# 60 cooking
add("what can i cook with chickpeas, spinach and coconut milk in under 30 min",
    fn("find_recipes",
       "Finds recipes that use the given ingredients.",
       {"ingredients": A("string", "Ingredients the user has on hand."),
        "max_total_minutes": I("Maximum total preparation and cooking time in minutes. If omitted, there is no limit.")},
       ["ingredients"]),
    {"ingredients": [["chickpeas", "spinach", "coconut milk"]], "max_total_minutes": [30]})

# 61 HR
add("I make $23.50 an hour and this week I worked 40 regular hours plus 7.5 hours of overtime. What's my gross pay?",
    fn("hr.calculate_overtime_pay",
       "Calculates gross weekly pay including overtime.",
       {"hourly_rate": F("Regular hourly wage in dollars."),
        "regular_hours": F("Regular (non-overtime) hours worked."),
        "overtime_hours": F("Overtime hours worked."),
        "overtime_multiplier": F("Multiplier applied to the hourly rate for overtime hours. Default is 1.5 (time and a half).")},
       ["hourly_rate", "regular_hours", "overtime_hours"]),
    {"hourly_rate": [23.5], "regular_hours": [40.0], "overtime_hours": [7.5], "overtime_multiplier": ["", 1.5]})

# 62 statistics
add("population standard deviation of 4, 8, 15, 16, 23, 42?",
    fn("calculate_standard_deviation",
       "Calculates the standard deviation of a list of numbers.",
       {"values": A("float", "The numbers."),
        "sample": B("If true, computes the sample standard deviation (dividing by n-1); if false, the population standard deviation (dividing by n). Default is true.")},
       ["values"]),
    {"values": [[4.0, 8.0, 15.0, 16.0, 23.0, 42.0]], "sample": [False]})

# 63 aviation / travel
add("is lufthansa LH 401 on time on dec 19 2026?",
    fn("get_flight_status",
       "Returns the status, delays and gates of a scheduled flight.",
       {"flight_number": S("Airline IATA code plus flight number, e.g. 'BA117'."),
        "date": S("Scheduled departure date in YYYY-MM-DD format.")},
       ["flight_number", "date"]),
    {"flight_number": ["LH401"], "date": ["2026-12-19"]})

# 64 logistics
add("I have 1,200 boxes, each 40 × 30 × 25 cm. How many standard EUR pallets will I need if the boxes can be stacked at most 150 cm high?",
    fn("calculate_pallets_needed",
       "Calculates how many standard 120 x 80 cm EUR pallets are needed for a number of identical boxes.",
       {"box_count": I("Number of boxes."),
        "box_dimensions": D("Box dimensions in centimetres.",
                            {"length_cm": F("Box length in centimetres."),
                             "width_cm": F("Box width in centimetres."),
                             "height_cm": F("Box height in centimetres.")},
                            ["length_cm", "width_cm", "height_cm"]),
        "max_stack_height_cm": F("Maximum height of the stacked boxes on one pallet, in centimetres.")},
       ["box_count", "box_dimensions", "max_stack_height_cm"]),
    {"box_count": [1200], "box_dimensions": [{"length_cm": [40.0], "width_cm": [30.0], "height_cm": [25.0]}],
     "max_stack_height_cm": [150.0]})

# 65 energy
add("my ev has a 77 kWh battery sitting at 15%. how long to get it to 80% on an 11 kW home charger?",
    fn("energy.ev_charging_time",
       "Estimates how long it takes to charge an electric vehicle battery between two states of charge.",
       {"battery_capacity_kwh": F("Usable battery capacity in kWh."),
        "start_percent": F("Current state of charge as a percent from 0 to 100."),
        "target_percent": F("Desired state of charge as a percent from 0 to 100."),
        "charger_power_kw": F("Charger output power in kW.")},
       ["battery_capacity_kwh", "start_percent", "target_percent", "charger_power_kw"]),
    {"battery_capacity_kwh": [77.0], "start_percent": [15.0], "target_percent": [80.0], "charger_power_kw": [11.0]})

# 66 pets
add("Show me senior dogs up for adoption near 97214.",
    fn("find_adoptable_pets",
       "Searches shelters and rescues for adoptable animals near a ZIP code.",
       {"species": S("Kind of animal.", ["dog", "cat", "rabbit", "bird"]),
        "zip_code": S("5-digit US ZIP code."),
        "age_group": S("Age group to filter by. If omitted, all ages are returned.", ["baby", "young", "adult", "senior"])},
       ["species", "zip_code"]),
    {"species": ["dog"], "zip_code": ["97214"], "age_group": ["senior"]})

# 67 sports
add("What was Iga Swiatek's WTA ranking history during 2024?",
    fn("get_tennis_ranking_history",
       "Returns a professional tennis player's weekly ranking over one calendar year.",
       {"player_name": S("Player's full name."),
        "year": I("Calendar year.")},
       ["player_name", "year"]),
    {"player_name": ["Iga Swiatek", "Iga Świątek"], "year": [2024]})

# 68 health
add("I need a dermatologist near 10025 who takes Aetna.",
    fn("find_clinics",
       "Finds medical clinics near a ZIP code.",
       {"zip_code": S("5-digit US ZIP code."),
        "specialty": S("Medical specialty.", ["primary_care", "dermatology", "cardiology", "pediatrics", "orthopedics"]),
        "insurance_provider": S("Insurer the clinic must accept, e.g. 'Cigna'. If omitted, insurance is not filtered.")},
       ["zip_code", "specialty"]),
    {"zip_code": ["10025"], "specialty": ["dermatology"], "insurance_provider": ["Aetna"]})

# 69 finance
add("monthly payment on a $32,500 car loan at 6.9% APR over 5 years?",
    fn("finance.loan_payment",
       "Calculates the fixed monthly payment of an amortising loan.",
       {"principal": F("Amount borrowed in dollars."),
        "annual_rate_percent": F("Annual interest rate as a percent, e.g. 6.5 for 6.5%."),
        "term_months": I("Loan term in months.")},
       ["principal", "annual_rate_percent", "term_months"]),
    {"principal": [32500.0], "annual_rate_percent": [6.9], "term_months": [60]})

# 70 education
add("What are the prerequisites for CS 161 at Stanford?",
    fn("get_course_prerequisites",
       "Returns the prerequisite courses for a university course.",
       {"course_code": S("Course code as listed in the catalogue, e.g. 'MATH 51'."),
        "institution": S("Name of the university.")},
       ["course_code", "institution"]),
    {"course_code": ["CS 161"], "institution": ["Stanford", "Stanford University"]})

# 71 files
add("convert ~/Documents/thesis_draft.docx to PDF please",
    fn("convert_document",
       "Converts a document to another file format, saving it next to the original.",
       {"input_path": S("Path of the document to convert."),
        "output_format": S("Target format.", ["pdf", "docx", "odt", "txt", "html"])},
       ["input_path", "output_format"]),
    {"input_path": ["~/Documents/thesis_draft.docx"], "output_format": ["pdf"]})

# 72 messaging
add("Email priya@example.com and tom@example.com with the subject \"Friday standup moved\" and the body \"Standup is moved to 10:30 this Friday.\"",
    fn("send_email",
       "Sends an email from the user's account.",
       {"to": A("string", "Recipient email addresses."),
        "subject": S("Subject line."),
        "body": S("Plain-text body of the email."),
        "cc": A("string", "Addresses to copy. Optional.")},
       ["to", "subject", "body"]),
    {"to": [["priya@example.com", "tom@example.com"]], "subject": ["Friday standup moved"],
     "body": ["Standup is moved to 10:30 this Friday."], "cc": [""]})

# 73 chemistry
add("what's the pH of a solution where [OH-] is 2.5e-4 M?",
    fn("chemistry.ph_from_concentration",
       "Calculates the pH of an aqueous solution at 25 °C from the molar concentration of hydrogen or hydroxide ions.",
       {"concentration_m": F("Ion concentration in mol/L."),
        "ion": S("Which ion the concentration refers to.", ["H+", "OH-"])},
       ["concentration_m", "ion"]),
    {"concentration_m": [0.00025], "ion": ["OH-"]})

# 74 real estate
add("looking to rent in austin, at least two bedrooms, max $2,400/month",
    fn("search_listings",
       "Searches real-estate listings for sale or for rent.",
       {"city": S("City to search in."),
        "listing_type": S("Whether to search homes for sale or for rent.", ["sale", "rent"]),
        "min_bedrooms": I("Minimum number of bedrooms."),
        "max_price": F("Maximum price in US dollars: total price for sales, monthly rent for rentals.")},
       ["city", "listing_type", "min_bedrooms", "max_price"]),
    {"city": ["Austin", "Austin, TX", "Austin, Texas"], "listing_type": ["rent"], "min_bedrooms": [2], "max_price": [2400.0]})

# 75 transit
add("any bikes left at the ferry building station in SF?",
    fn("get_bike_share_availability",
       "Returns the number of available bikes and free docks at a bike-share station.",
       {"station_name": S("Name of the station."),
        "city": S("City the bike-share system operates in.")},
       ["station_name", "city"]),
    {"station_name": ["Ferry Building"], "city": ["San Francisco", "SF"]})

# 76 gardening
add("My lawn is 4,800 sq ft. I want to apply 1 lb of nitrogen per 1,000 sq ft using a 24-0-6 fertilizer. How many pounds of product do I need?",
    fn("calculate_fertilizer_amount",
       "Calculates how much fertilizer product to spread to deliver a target nitrogen rate.",
       {"area_sqft": F("Area to treat in square feet."),
        "nitrogen_lb_per_1000sqft": F("Target pounds of actual nitrogen per 1,000 square feet."),
        "nitrogen_percent": F("Nitrogen content of the product (first number of the N-P-K label) as a percent, e.g. 24.")},
       ["area_sqft", "nitrogen_lb_per_1000sqft", "nitrogen_percent"]),
    {"area_sqft": [4800.0], "nitrogen_lb_per_1000sqft": [1.0], "nitrogen_percent": [24.0]})

# 77 astronomy
add("sunrise and sunset at -33.8688, 151.2093 on 21 dec 2026?",
    fn("get_sunrise_sunset",
       "Returns local sunrise, sunset and day length for a coordinate and date.",
       {"latitude": F("Latitude in decimal degrees, positive north."),
        "longitude": F("Longitude in decimal degrees, positive east."),
        "date": S("Date in YYYY-MM-DD format.")},
       ["latitude", "longitude", "date"]),
    {"latitude": [-33.8688], "longitude": [151.2093], "date": ["2026-12-21"]})

# 78 travel
add("peru travel advisory?",
    fn("get_travel_advisory",
       "Returns the current government travel advisory level and notes for a country.",
       {"country": S("Country as an English name, e.g. 'Kenya'.")},
       ["country"]),
    {"country": ["Peru"]})

# 79 weather
add("5 day forecast for Edinburgh in fahrenheit",
    fn("get_weather_forecast",
       "Returns a daily weather forecast for a location.",
       {"location": S("City name, optionally with country."),
        "days": I("Number of days to forecast, 1 to 10. Default is 3."),
        "units": S("'metric' for Celsius or 'imperial' for Fahrenheit. Default is 'metric'.", ["metric", "imperial"])},
       ["location"]),
    {"location": ["Edinburgh", "Edinburgh, Scotland", "Edinburgh, UK"], "days": [5], "units": ["imperial"]})
