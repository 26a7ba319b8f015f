"""Hand-written items for blind2_multiple: (question, functions, answer, kind).

kind is "cross" (tools from different domains, like a general assistant's
toolbox) or "near" (close neighbours from one domain).  The correct function
is always listed first here; build.py rotates the list so its position varies.
"""
from helpers import S, I, F, B, A, D, fn

ITEMS = []


def add(kind, q, funcs, ans):
    ITEMS.append((q, funcs, ans, kind))


# ---------------------------------------------------------------- general toolbox
FORECAST = fn("get_weather_forecast",
              "Returns a daily weather forecast (high/low temperature, chance of rain, wind) for a location.",
              {"location": S("City name, optionally with region or country, e.g. 'Porto, Portugal'."),
               "days": I("Number of days to forecast, 1 to 10. Default is 3.")},
              ["location"])
UNITS = fn("convert_units",
           "Converts a value between units of length, mass, volume or temperature.",
           {"value": F("The value to convert."),
            "from_unit": S("Unit of the value, as a symbol or name, e.g. 'km', 'lb', 'degF'."),
            "to_unit": S("Unit to convert to, as a symbol or name.")},
           ["value", "from_unit", "to_unit"])
CAL = fn("calendar.create_event",
         "Creates an event on the user's calendar.",
         {"title": S("Event title."),
          "start_time": S("Start in local time, ISO 8601 form YYYY-MM-DDTHH:MM (24-hour)."),
          "duration_minutes": I("Length in minutes. Default is 60.")},
         ["title", "start_time"])
REMIND = fn("set_reminder",
            "Schedules a push-notification reminder.",
            {"message": S("What to remind the user about."),
             "remind_at": S("When to fire, local time, ISO 8601 form YYYY-MM-DDTHH:MM (24-hour).")},
            ["message", "remind_at"])
EMAIL = fn("send_email",
           "Sends an email from the user's account.",
           {"to": A("string", "Recipient email addresses."),
            "subject": S("Subject line."),
            "body": S("Plain-text body.")},
           ["to", "subject", "body"])
TRANSLATE = fn("translate_text",
               "Translates text into another language.",
               {"text": S("Text to translate."),
                "target_language": S("Two-letter ISO 639-1 code of the target language, e.g. 'es'."),
                "source_language": S("ISO 639-1 code of the source language. If omitted, it is detected automatically.")},
               ["text", "target_language"])
FX = fn("convert_currency",
        "Converts an amount of money between currencies at the current market rate.",
        {"amount": F("Amount of money to convert."),
         "from_currency": S("Three-letter ISO 4217 code of the source currency, e.g. 'USD'."),
         "to_currency": S("Three-letter ISO 4217 code of the target currency.")},
        ["amount", "from_currency", "to_currency"])
DIRECTIONS = fn("maps.get_directions",
                "Returns a route with turn-by-turn directions between two places.",
                {"origin": S("Starting place name or address."),
                 "destination": S("Destination place name or address."),
                 "mode": S("Travel mode. Default is 'driving'.", ["driving", "walking", "bicycling", "transit"])},
                ["origin", "destination"])
MUSIC = fn("play_music",
           "Plays music on the user's default speaker.",
           {"query": S("Artist, album, song or playlist to play."),
            "shuffle": B("Whether to shuffle playback. Default is false.")},
           ["query"])
TIP = fn("calculate_tip",
         "Calculates the tip and total for a restaurant bill, optionally split between people.",
         {"bill_amount": F("Bill total before tip."),
          "tip_percent": F("Tip as a percent of the bill, e.g. 18 for 18%."),
          "split_between": I("Number of people splitting the total. Default is 1.")},
         ["bill_amount", "tip_percent"])
STOCK = fn("get_stock_quote",
           "Returns the latest trading price and daily change for a stock.",
           {"ticker": S("Stock ticker symbol, e.g. 'AAPL'.")},
           ["ticker"])
DEFINE = fn("dictionary.define_word",
            "Returns dictionary definitions, part of speech and example usage of an English word.",
            {"word": S("The word to define.")},
            ["word"])
TIMER = fn("set_timer",
           "Starts a countdown timer on the device.",
           {"duration_seconds": I("Timer length in seconds."),
            "label": S("Optional name shown when the timer goes off.")},
           ["duration_seconds"])
RESTAURANTS = fn("find_restaurants",
                 "Finds restaurants near a location.",
                 {"location": S("Neighbourhood, city or address to search around."),
                  "cuisine": S("Type of food, e.g. 'Mexican'."),
                  "price_level": S("Price band to filter by, from '$' (cheap) to '$$$$' (expensive). If omitted, all prices.",
                                   ["$", "$$", "$$$", "$$$$"])},
                 ["location", "cuisine"])
NEWS = fn("get_news_headlines",
          "Returns the latest news headlines on a topic.",
          {"topic": S("Topic or keywords."),
           "country": S("Two-letter ISO 3166 country code whose news sources to use. Default is 'US'.")},
          ["topic"])
TZ = fn("convert_time_zone",
        "Converts a local clock time on a given date from one time zone to another.",
        {"time": S("Clock time in 24-hour HH:MM format."),
         "date": S("Date in YYYY-MM-DD format, needed for daylight-saving rules."),
         "from_timezone": S("IANA time zone name of the given time, e.g. 'Europe/Paris'."),
         "to_timezone": S("IANA time zone name to convert to.")},
        ["time", "date", "from_timezone", "to_timezone"])
THERMO = fn("smart_home.set_thermostat",
            "Sets the target temperature of the home thermostat.",
            {"temperature": F("Target temperature."),
             "unit": S("Unit of the temperature. Default is 'celsius'.", ["celsius", "fahrenheit"])},
            ["temperature"])
LIGHTS = fn("smart_home.set_lights",
            "Sets the brightness of the lights in one room.",
            {"room": S("Room name, e.g. 'kitchen'."),
             "brightness_percent": I("Brightness from 0 (off) to 100.")},
            ["room", "brightness_percent"])
SCORES = fn("get_sports_scores",
            "Returns the final score of a team's game on a date.",
            {"team": S("Team name."),
             "date": S("Game date in YYYY-MM-DD format.")},
            ["team", "date"])
TODO = fn("create_todo",
          "Adds a task to the user's to-do list.",
          {"task": S("Description of the task."),
           "due_date": S("Due date in YYYY-MM-DD format. Optional."),
           "priority": S("Task priority. Default is 'medium'.", ["low", "medium", "high"])},
          ["task"])
AGE = fn("calculate_age",
         "Calculates a person's age in whole years on a given date.",
         {"birth_date": S("Date of birth in YYYY-MM-DD format."),
          "as_of_date": S("Date on which to compute the age, in YYYY-MM-DD format.")},
         ["birth_date", "as_of_date"])
DAYS = fn("days_between_dates",
          "Counts the days between two dates.",
          {"start_date": S("First date in YYYY-MM-DD format."),
           "end_date": S("Second date in YYYY-MM-DD format."),
           "include_end_date": B("Whether to count the end date as well, so both ends are included. Default is false.")},
          ["start_date", "end_date"])
WIKI = fn("get_encyclopedia_summary",
          "Returns a short encyclopedia summary of a topic.",
          {"topic": S("Name of the topic or article.")},
          ["topic"])
NEARBY = fn("find_nearby_places",
            "Finds places of a given category around a location.",
            {"category": S("Kind of place, e.g. 'pharmacy', 'atm', 'gas station'."),
             "location": S("Address or landmark to search around."),
             "radius_km": F("Search radius in kilometres. Default is 2.")},
            ["category", "location"])
CALC = fn("evaluate_math_expression",
          "Evaluates an arithmetic expression and returns the numeric result.",
          {"expression": S("Expression using numbers, + - * / ^ and parentheses, e.g. '(2+3)*4'.")},
          ["expression"])
PKG = fn("track_package",
         "Gets the latest tracking status of a parcel.",
         {"tracking_number": S("Carrier tracking number."),
          "carrier": S("Shipping carrier.", ["ups", "fedex", "usps", "dhl"])},
         ["tracking_number", "carrier"])

# ---------------------------------------------------------------- cross-domain (30)
add("cross", "Will I need an umbrella in Vancouver over the next 2 days?",
    [FORECAST, UNITS, CAL],
    {"get_weather_forecast": {"location": ["Vancouver", "Vancouver, BC", "Vancouver, Canada", "Vancouver, British Columbia"], "days": [2]}})

add("cross", "how many km is 26.2 miles",
    [UNITS, FORECAST],
    {"convert_units": {"value": [26.2], "from_unit": ["mi", "mile", "miles"],
                       "to_unit": ["km", "kilometer", "kilometers", "kilometre", "kilometres"]}})

add("cross", "put \"Quarterly planning\" on my cal for 2027-02-08 10am, 90 min",
    [CAL, FX, WIKI],
    {"calendar.create_event": {"title": ["Quarterly planning"], "start_time": ["2027-02-08T10:00"], "duration_minutes": [90]}})

add("cross", "Remind me to call the vet at 4:30pm on January 9, 2027.",
    [REMIND, TRANSLATE, STOCK],
    {"set_reminder": {"message": ["call the vet"], "remind_at": ["2027-01-09T16:30"]}})

add("cross", "How do you say \"where is the train station\" in Portuguese?",
    [TRANSLATE, DEFINE, DIRECTIONS],
    {"translate_text": {"text": ["where is the train station", "Where is the train station?"], "target_language": ["pt"],
                        "source_language": ["", "en"]}})

add("cross", "how many yen is 850 swiss francs",
    [FX, UNITS, TIP, CALC],
    {"convert_currency": {"amount": [850.0], "from_currency": ["CHF"], "to_currency": ["JPY"]}})

add("cross", "Walking directions from the Louvre to the Eiffel Tower, please.",
    [DIRECTIONS, FORECAST, RESTAURANTS],
    {"maps.get_directions": {"origin": ["the Louvre", "Louvre", "Louvre Museum", "Musée du Louvre"],
                             "destination": ["the Eiffel Tower", "Eiffel Tower", "Tour Eiffel"], "mode": ["walking"]}})

add("cross", "play some miles davis on shuffle",
    [MUSIC, TIMER, LIGHTS],
    {"play_music": {"query": ["Miles Davis"], "shuffle": [True]}})

add("cross", "Dinner came to $186.40. Add a 20% tip and split it four ways.",
    [TIP, FX, RESTAURANTS],
    {"calculate_tip": {"bill_amount": [186.4], "tip_percent": [20.0], "split_between": [4]}})

add("cross", "what's nvidia trading at right now",
    [STOCK, NEWS],
    {"get_stock_quote": {"ticker": ["NVDA"]}})

add("cross", "What does the word \"sonder\" mean?",
    [DEFINE, TIMER, FX],
    {"dictionary.define_word": {"word": ["sonder"]}})

add("cross", "set a 12 minute timer for the pasta",
    [TIMER, REMIND],
    {"set_timer": {"duration_seconds": [720], "label": ["pasta", "the pasta"]}})

add("cross", "Find Thai restaurants in Williamsburg, Brooklyn.",
    [RESTAURANTS, DIRECTIONS, FORECAST],
    {"find_restaurants": {"location": ["Williamsburg, Brooklyn", "Williamsburg", "Williamsburg, Brooklyn, NY"], "cuisine": ["Thai"],
                          "price_level": [""]}})

add("cross", "any news on renewable energy in australia? just the latest headlines",
    [NEWS, STOCK, WIKI],
    {"get_news_headlines": {"topic": ["renewable energy"], "country": ["AU"]}})

add("cross", "If it's 09:00 in Chicago on 2027-04-05, what time is it in Seoul?",
    [TZ, FORECAST, CAL],
    {"convert_time_zone": {"time": ["09:00"], "date": ["2027-04-05"], "from_timezone": ["America/Chicago"],
                           "to_timezone": ["Asia/Seoul"]}})

add("cross", "Set the thermostat to 68 degrees Fahrenheit.",
    [THERMO, FORECAST, UNITS, LIGHTS],
    {"smart_home.set_thermostat": {"temperature": [68.0], "unit": ["fahrenheit"]}})

add("cross", "did the packers win on 2026-11-22? whats the score",
    [SCORES, NEWS, CAL],
    {"get_sports_scores": {"team": ["Green Bay Packers", "Packers"], "date": ["2026-11-22"]}})

add("cross", "add 'renew passport' to my to-do list, high priority, due 2027-03-01",
    [TODO, EMAIL, FORECAST],
    {"create_todo": {"task": ["renew passport"], "due_date": ["2027-03-01"], "priority": ["high"]}})

add("cross", "How old will someone born on 14 July 1990 be on January 1, 2027?",
    [AGE, FX, STOCK, TRANSLATE],
    {"calculate_age": {"birth_date": ["1990-07-14"], "as_of_date": ["2027-01-01"]}})

add("cross", "How many days are there from 2027-01-10 to 2027-06-30, counting both the first and the last day?",
    [DAYS, CAL, UNITS],
    {"days_between_dates": {"start_date": ["2027-01-10"], "end_date": ["2027-06-30"], "include_end_date": [True]}})

add("cross", "dim the living room lights to 30%",
    [LIGHTS, THERMO, MUSIC],
    {"smart_home.set_lights": {"room": ["living room"], "brightness_percent": [30]}})

add("cross", "Give me a short summary of the Treaty of Westphalia.",
    [WIKI, NEWS, DEFINE],
    {"get_encyclopedia_summary": {"topic": ["Treaty of Westphalia", "Peace of Westphalia"]}})

add("cross", "pharmacies w/in 1 km of alexanderplatz, berlin?",
    [NEARBY, DIRECTIONS, FORECAST],
    {"find_nearby_places": {"category": ["pharmacy", "pharmacies"], "location": ["Alexanderplatz, Berlin", "Alexanderplatz"],
                            "radius_km": [1.0]}})

add("cross", "What's (17.5 * 4) - 3^3?",
    [CALC, UNITS, FX],
    {"evaluate_math_expression": {"expression": ["(17.5 * 4) - 3^3", "17.5 * 4 - 3^3", "(17.5*4)-(3^3)"]}})

add("cross", "Where's my UPS package 1Z999AA10123456784?",
    [PKG, EMAIL],
    {"track_package": {"tracking_number": ["1Z999AA10123456784"], "carrier": ["ups"]}})

add("cross", "Email jordan@example.org with the subject \"Lease renewal\" and the message \"I'd like to renew for another 12 months.\"",
    [EMAIL, REMIND, TRANSLATE],
    {"send_email": {"to": [["jordan@example.org"]], "subject": ["Lease renewal"],
                    "body": ["I'd like to renew for another 12 months."]}})

add("cross", "what's 180 degrees celsius in fahrenheit? my oven only shows F",
    [UNITS, THERMO, FORECAST],
    {"convert_units": {"value": [180.0], "from_unit": ["C", "degC", "celsius", "°C"],
                       "to_unit": ["F", "degF", "fahrenheit", "°F"]}})

add("cross", "convert 2,300 mexican pesos to usd",
    [FX, STOCK, CALC],
    {"convert_currency": {"amount": [2300.0], "from_currency": ["MXN"], "to_currency": ["USD"]}})

add("cross", "cusco weather for the next 7 days?",
    [FORECAST, TZ, NEWS, NEARBY],
    {"get_weather_forecast": {"location": ["Cusco", "Cusco, Peru", "Cuzco"], "days": [7]}})

add("cross", "Translate \"Please keep the door closed\" into Japanese.",
    [TRANSLATE, EMAIL, MUSIC],
    {"translate_text": {"text": ["Please keep the door closed"], "target_language": ["ja"], "source_language": ["", "en"]}})


# ---------------------------------------------------------------- near neighbours (30)
# N1 finance
add("near", "I want to see the month-by-month breakdown of principal and interest for a $240,000 mortgage at 5.75% over 30 years, starting March 2027.",
    [fn("finance.amortization_schedule",
        "Generates a month-by-month amortization table (payment, principal, interest, remaining balance) for a fixed-rate loan.",
        {"principal": F("Amount borrowed in dollars."),
         "annual_rate_percent": F("Annual interest rate as a percent, e.g. 6.5 for 6.5%."),
         "term_months": I("Loan term in months."),
         "first_payment_month": S("Month of the first payment in YYYY-MM format. Defaults to next month.")},
        ["principal", "annual_rate_percent", "term_months"]),
     fn("finance.loan_payment",
        "Calculates only the fixed monthly payment of an amortising loan.",
        {"principal": F("Amount borrowed in dollars."),
         "annual_rate_percent": F("Annual interest rate as a percent, e.g. 6.5 for 6.5%."),
         "term_months": I("Loan term in months.")},
        ["principal", "annual_rate_percent", "term_months"]),
     fn("finance.compound_interest",
        "Computes the future value of a savings deposit with compound interest.",
        {"principal": F("Initial deposit in dollars."),
         "annual_rate_percent": F("Annual interest rate as a percent."),
         "years": I("Number of years invested.")},
        ["principal", "annual_rate_percent", "years"])],
    {"finance.amortization_schedule": {"principal": [240000.0], "annual_rate_percent": [5.75], "term_months": [360],
                                       "first_payment_month": ["2027-03"]}})

# N2 astronomy
PLANETS = ["mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune"]
add("near", "Where will Jupiter be in the sky on 2027-02-14 as seen from 40.7128, -74.0060?",
    [fn("get_planet_position",
        "Returns the altitude, azimuth, rise and set times of a planet for an observer on a date.",
        {"planet": S("Planet name.", PLANETS),
         "date": S("Date in YYYY-MM-DD format."),
         "latitude": F("Observer latitude in decimal degrees, positive north."),
         "longitude": F("Observer longitude in decimal degrees, positive east.")},
        ["planet", "date", "latitude", "longitude"]),
     fn("get_moon_phase",
        "Returns the Moon's phase and illuminated fraction on a date.",
        {"date": S("Date in YYYY-MM-DD format.")},
        ["date"]),
     fn("get_sunrise_sunset",
        "Returns sunrise and sunset times for a coordinate and date.",
        {"date": S("Date in YYYY-MM-DD format."),
         "latitude": F("Latitude in decimal degrees, positive north."),
         "longitude": F("Longitude in decimal degrees, positive east.")},
        ["date", "latitude", "longitude"])],
    {"get_planet_position": {"planet": ["jupiter"], "date": ["2027-02-14"], "latitude": [40.7128], "longitude": [-74.006]}})

# N3 chemistry
add("near", "how many moles are in 36 grams of water (H2O)?",
    [fn("chemistry.grams_to_moles",
        "Converts a mass of a substance to amount in moles using its molar mass.",
        {"formula": S("Chemical formula, e.g. 'NaCl'."),
         "mass_g": F("Mass in grams.")},
        ["formula", "mass_g"]),
     fn("chemistry.molar_mass",
        "Returns the molar mass in g/mol of a chemical formula.",
        {"formula": S("Chemical formula, e.g. 'NaCl'.")},
        ["formula"]),
     fn("chemistry.ideal_gas_pressure",
        "Computes gas pressure in kPa from PV = nRT.",
        {"moles": F("Amount of gas in moles."),
         "volume_l": F("Volume in litres."),
         "temperature_k": F("Temperature in kelvin.")},
        ["moles", "volume_l", "temperature_k"])],
    {"chemistry.grams_to_moles": {"formula": ["H2O"], "mass_g": [36.0]}})

# N4 library
add("near", "Put a hold on item 4410293 for library card 21893004417725. I'll pick it up at the Eastside branch.",
    [fn("place_hold",
        "Places a hold on a library item so it is set aside for the patron.",
        {"card_number": S("Library card number."),
         "item_id": S("Catalogue item ID."),
         "pickup_branch": S("Branch where the patron will collect the item.")},
        ["card_number", "item_id", "pickup_branch"]),
     fn("search_catalog",
        "Searches the library catalogue by title, author or keyword.",
        {"query": S("Title, author or keyword.")},
        ["query"]),
     fn("renew_loan",
        "Renews an item the patron already has checked out.",
        {"card_number": S("Library card number."),
         "item_barcode": S("Barcode of the borrowed item.")},
        ["card_number", "item_barcode"]),
     fn("get_account_fines",
        "Lists unpaid fines and fees on a library card.",
        {"card_number": S("Library card number.")},
        ["card_number"])],
    {"place_hold": {"card_number": ["21893004417725"], "item_id": ["4410293"], "pickup_branch": ["Eastside", "Eastside branch"]}})

# N5 transit
add("near", "how much is the fare from Harvard to South Station for a student?",
    [fn("transit.fare_estimate",
        "Estimates the public-transit fare between two stations.",
        {"origin": S("Origin station name."),
         "destination": S("Destination station name."),
         "rider_type": S("Fare category. Default is 'adult'.", ["adult", "senior", "student", "child"])},
        ["origin", "destination"]),
     fn("transit.plan_trip",
        "Plans a public-transit route between two places at a given time.",
        {"origin": S("Origin place."),
         "destination": S("Destination place."),
         "depart_at": S("Departure time, YYYY-MM-DDTHH:MM.")},
        ["origin", "destination", "depart_at"]),
     fn("transit.next_departures",
        "Lists the next departures from a station.",
        {"station": S("Station name."),
         "limit": I("How many departures to return. Default is 3.")},
        ["station"])],
    {"transit.fare_estimate": {"origin": ["Harvard", "Harvard station", "Harvard Square"], "destination": ["South Station"],
                               "rider_type": ["student"]}})

# N6 pets
add("near", "I need an emergency vet near 80205 right now, my cat just ate part of a lily",
    [fn("find_veterinarians",
        "Finds veterinary clinics near a ZIP code.",
        {"zip_code": S("5-digit US ZIP code."),
         "emergency_only": B("If true, only returns clinics offering 24-hour emergency care. Default is false.")},
        ["zip_code"]),
     fn("get_vaccination_schedule",
        "Returns the core vaccination schedule for a young pet.",
        {"species": S("Animal species.", ["dog", "cat"]),
         "birth_date": S("Birth date in YYYY-MM-DD format.")},
        ["species", "birth_date"]),
     fn("check_plant_toxicity",
        "Says whether a plant is toxic to a pet species and what symptoms to expect.",
        {"plant": S("Common name of the plant."),
         "species": S("Animal species.", ["dog", "cat", "rabbit"])},
        ["plant", "species"])],
    {"find_veterinarians": {"zip_code": ["80205"], "emergency_only": [True]}})

# N7 real estate
add("near", "We earn $145,000 a year combined, pay $850 a month on other debts, and have $60,000 saved for a down payment. Rates are around 6.25%. How much house can we afford?",
    [fn("calculate_home_affordability",
        "Estimates the maximum home price a household can afford using standard debt-to-income limits.",
        {"annual_income": F("Gross household income per year in dollars."),
         "monthly_debts": F("Existing monthly debt payments in dollars."),
         "down_payment": F("Cash available for the down payment in dollars."),
         "annual_rate_percent": F("Mortgage interest rate as a percent, e.g. 6.5."),
         "term_years": I("Mortgage term in years. Default is 30.")},
        ["annual_income", "monthly_debts", "down_payment", "annual_rate_percent"]),
     fn("calculate_mortgage_payment",
        "Calculates the monthly principal-and-interest payment for a given home price.",
        {"home_price": F("Purchase price in dollars."),
         "down_payment": F("Down payment in dollars."),
         "annual_rate_percent": F("Mortgage interest rate as a percent."),
         "term_years": I("Mortgage term in years.")},
        ["home_price", "down_payment", "annual_rate_percent", "term_years"]),
     fn("estimate_rental_yield",
        "Computes the net rental yield of an investment property.",
        {"purchase_price": F("Purchase price in dollars."),
         "monthly_rent": F("Monthly rent in dollars.")},
        ["purchase_price", "monthly_rent"])],
    {"calculate_home_affordability": {"annual_income": [145000.0], "monthly_debts": [850.0], "down_payment": [60000.0],
                                      "annual_rate_percent": [6.25], "term_years": ["", 30]}})

# N8 gardening
add("near", "what grows well next to tomatoes?",
    [fn("garden.companion_plants",
        "Lists good and bad companion plants for a vegetable or herb.",
        {"plant": S("Common name of the plant.")},
        ["plant"]),
     fn("garden.watering_schedule",
        "Recommends how often and how much to water a plant.",
        {"plant": S("Common name of the plant."),
         "soil_type": S("Soil type.", ["sandy", "loam", "clay"])},
        ["plant", "soil_type"]),
     fn("garden.frost_dates",
        "Returns average frost dates for a ZIP code.",
        {"zip_code": S("5-digit US ZIP code.")},
        ["zip_code"])],
    {"garden.companion_plants": {"plant": ["tomato", "tomatoes"]}})

# N9 energy
add("near", "How long does it take to charge a 60 kWh battery from 20% to 100% on a 7.2 kW charger?",
    [fn("estimate_ev_charging_time",
        "Estimates the time to charge an EV battery between two states of charge.",
        {"battery_capacity_kwh": F("Usable battery capacity in kWh."),
         "start_percent": F("Current charge, 0 to 100."),
         "target_percent": F("Desired charge, 0 to 100."),
         "charger_power_kw": F("Charger power in kW.")},
        ["battery_capacity_kwh", "start_percent", "target_percent", "charger_power_kw"]),
     fn("calculate_appliance_energy_cost",
        "Calculates the cost of running an appliance.",
        {"power_watts": F("Power draw in watts."),
         "hours": F("Total hours of use."),
         "price_per_kwh": F("Electricity price per kWh in dollars.")},
        ["power_watts", "hours", "price_per_kwh"]),
     fn("estimate_solar_output",
        "Estimates annual output of a solar array in kWh.",
        {"system_size_kw": F("Array size in kW."),
         "location": S("City and state or country.")},
        ["system_size_kw", "location"])],
    {"estimate_ev_charging_time": {"battery_capacity_kwh": [60.0], "start_percent": [20.0], "target_percent": [100.0],
                                   "charger_power_kw": [7.2]}})

# N10 logistics
add("near", "Schedule a courier pickup of 3 packages from 500 Market St, Suite 200, San Francisco, CA 94105 on 2026-12-14.",
    [fn("schedule_pickup",
        "Books a courier to collect packages from an address.",
        {"address": D("Pickup address.",
                      {"street": S("Street address including any suite or unit number."),
                       "city": S("City."),
                       "state": S("Two-letter state abbreviation."),
                       "zip_code": S("5-digit ZIP code.")},
                      ["street", "city", "state", "zip_code"]),
         "pickup_date": S("Pickup date in YYYY-MM-DD format."),
         "package_count": I("Number of packages to collect."),
         "ready_time": S("Earliest time the packages are ready, 24-hour HH:MM. If omitted, ready from 09:00.")},
        ["address", "pickup_date", "package_count"]),
     fn("get_shipping_quote",
        "Quotes the price of shipping a parcel.",
        {"origin_zip": S("Origin ZIP code."),
         "destination_zip": S("Destination ZIP code."),
         "weight_kg": F("Parcel weight in kilograms.")},
        ["origin_zip", "destination_zip", "weight_kg"]),
     fn("track_shipment",
        "Returns the tracking history of a shipment.",
        {"tracking_number": S("Tracking number.")},
        ["tracking_number"])],
    {"schedule_pickup": {"address": [{"street": ["500 Market St, Suite 200", "500 Market Street, Suite 200", "500 Market St Ste 200",
                                                 "500 Market Street Ste 200"],
                                      "city": ["San Francisco"], "state": ["CA"], "zip_code": ["94105"]}],
                         "pickup_date": ["2026-12-14"], "package_count": [3], "ready_time": [""]}})

# N11 running
add("near", "I ran a 10K in 48:20 last weekend. What could I expect to run a full marathon in?",
    [fn("predict_race_time",
        "Predicts a finishing time at a target distance from a recent race result (Riegel formula).",
        {"known_distance_km": F("Distance of the recent race in kilometres."),
         "known_time": S("Finishing time of the recent race in HH:MM:SS format."),
         "target_distance_km": F("Distance to predict, in kilometres.")},
        ["known_distance_km", "known_time", "target_distance_km"]),
     fn("calculate_running_pace",
        "Calculates average pace per kilometre from a distance and time.",
        {"distance_km": F("Distance in kilometres."),
         "time": S("Elapsed time in HH:MM:SS format.")},
        ["distance_km", "time"]),
     fn("create_training_plan",
        "Builds a week-by-week running training plan.",
        {"goal_race": S("Race distance to train for.", ["5k", "10k", "half_marathon", "marathon"]),
         "weeks": I("Number of weeks until race day."),
         "runs_per_week": I("Runs per week. Default is 4.")},
        ["goal_race", "weeks"])],
    {"predict_race_time": {"known_distance_km": [10.0], "known_time": ["00:48:20", "0:48:20"],
                           "target_distance_km": [42.195, 42.2]}})

# N12 health
add("near", "What's my basal metabolic rate? I'm a 52-year-old woman, 165 cm tall and 70 kg.",
    [fn("calculate_bmr",
        "Calculates basal metabolic rate in kcal/day with the Mifflin-St Jeor equation.",
        {"weight_kg": F("Body weight in kilograms."),
         "height_cm": F("Height in centimetres."),
         "age": I("Age in years."),
         "sex": S("Biological sex used by the equation.", ["female", "male"])},
        ["weight_kg", "height_cm", "age", "sex"]),
     fn("calculate_bmi",
        "Calculates body mass index.",
        {"weight_kg": F("Body weight in kilograms."),
         "height_cm": F("Height in centimetres.")},
        ["weight_kg", "height_cm"]),
     fn("calculate_target_heart_rate",
        "Calculates a target exercise heart rate.",
        {"age": I("Age in years."),
         "intensity_percent": F("Exercise intensity as a percent of maximum heart rate, e.g. 70.")},
        ["age", "intensity_percent"])],
    {"calculate_bmr": {"weight_kg": [70.0], "height_cm": [165.0], "age": [52], "sex": ["female"]}})

# N13 travel
add("near", "find me a one-way flight from Toronto to Reykjavik on 2027-06-03, economy",
    [fn("search_flights",
        "Searches flights between two cities.",
        {"origin": S("Departure city name or IATA airport code."),
         "destination": S("Arrival city name or IATA airport code."),
         "depart_date": S("Outbound date in YYYY-MM-DD format."),
         "return_date": S("Return date in YYYY-MM-DD format. Omit for a one-way trip."),
         "cabin": S("Cabin class. Default is 'economy'.", ["economy", "premium_economy", "business", "first"])},
        ["origin", "destination", "depart_date"]),
     fn("search_hotels",
        "Searches hotels in a city.",
        {"city": S("City name."),
         "check_in": S("Check-in date, YYYY-MM-DD."),
         "check_out": S("Check-out date, YYYY-MM-DD.")},
        ["city", "check_in", "check_out"]),
     fn("search_car_rentals",
        "Searches rental cars at a pickup location.",
        {"pickup_location": S("City or airport code."),
         "pickup_date": S("Pickup date, YYYY-MM-DD."),
         "dropoff_date": S("Drop-off date, YYYY-MM-DD.")},
        ["pickup_location", "pickup_date", "dropoff_date"])],
    {"search_flights": {"origin": ["Toronto", "YYZ"], "destination": ["Reykjavik", "Reykjavík", "KEF"],
                        "depart_date": ["2027-06-03"], "return_date": [""], "cabin": ["", "economy"]}})

# N14 files
add("near", "Make a copy of /srv/data/config.yaml at /srv/backup/config.yaml, and overwrite it if it's already there.",
    [fn("files.copy",
        "Copies a file to a new path, leaving the original in place.",
        {"source": S("Path of the existing file."),
         "destination": S("Path of the new copy."),
         "overwrite": B("Whether to replace an existing file at the destination. Default is false.")},
        ["source", "destination"]),
     fn("files.move",
        "Moves a file to a new path; the original path no longer exists afterwards.",
        {"source": S("Path of the existing file."),
         "destination": S("New path.")},
        ["source", "destination"]),
     fn("files.rename",
        "Renames a file within its current directory.",
        {"path": S("Path of the file."),
         "new_name": S("New file name, without a directory.")},
        ["path", "new_name"]),
     fn("files.delete",
        "Deletes a file.",
        {"path": S("Path of the file.")},
        ["path"])],
    {"files.copy": {"source": ["/srv/data/config.yaml"], "destination": ["/srv/backup/config.yaml"], "overwrite": [True]}})

# N15 messaging
add("near", "Slack the #oncall channel: \"Database failover test starts at 22:00 UTC.\"",
    [fn("post_slack_message",
        "Posts a message to a Slack channel.",
        {"channel": S("Channel name, e.g. '#general'."),
         "text": S("Message text.")},
        ["channel", "text"]),
     fn("send_sms",
        "Sends an SMS to a phone number.",
        {"phone_number": S("Recipient in E.164 format."),
         "message": S("Message text.")},
        ["phone_number", "message"]),
     fn("send_email",
        "Sends an email.",
        {"to": A("string", "Recipient addresses."),
         "subject": S("Subject line."),
         "body": S("Body text.")},
        ["to", "subject", "body"])],
    {"post_slack_message": {"channel": ["#oncall", "oncall"], "text": ["Database failover test starts at 22:00 UTC."]}})

# N16 education
add("near", "I have an 84 in the class right now and the final is worth 25% of the grade. What do I need on the final to finish with a 90?",
    [fn("grade_needed_on_final",
        "Calculates the final-exam score needed to reach a target course grade.",
        {"current_grade": F("Current course grade on a 0-100 scale."),
         "final_weight_percent": F("Weight of the final exam as a percent of the course grade, e.g. 20."),
         "target_grade": F("Desired course grade on a 0-100 scale.")},
        ["current_grade", "final_weight_percent", "target_grade"]),
     fn("calculate_weighted_grade",
        "Computes a weighted average from scores and weights.",
        {"scores": A("float", "Scores on a 0-100 scale."),
         "weights": A("float", "Weights as percentages.")},
        ["scores", "weights"]),
     fn("calculate_gpa",
        "Computes a grade point average on a 4.0 scale from letter grades and credit hours.",
        {"letter_grades": A("string", "Letter grades, e.g. ['A-', 'B+']."),
         "credits": A("integer", "Credit hours of each course, in the same order.")},
        ["letter_grades", "credits"])],
    {"grade_needed_on_final": {"current_grade": [84.0], "final_weight_percent": [25.0], "target_grade": [90.0]}})

# N17 cooking
add("near", "out of buttermilk, what can I use instead? making pancakes and we're dairy-free",
    [fn("find_ingredient_substitute",
        "Suggests substitutes for a cooking or baking ingredient.",
        {"ingredient": S("Ingredient to replace."),
         "dietary_restriction": S("Restriction the substitute must respect. If omitted, no restriction.",
                                  ["vegan", "dairy_free", "gluten_free", "nut_free", "egg_free"])},
        ["ingredient"]),
     fn("convert_cooking_measurement",
        "Converts a quantity of an ingredient between cooking units.",
        {"quantity": F("Amount to convert."),
         "from_unit": S("Unit of the amount."),
         "to_unit": S("Unit to convert to."),
         "ingredient": S("Ingredient name.")},
        ["quantity", "from_unit", "to_unit", "ingredient"]),
     fn("scale_recipe",
        "Scales the ingredient amounts of a saved recipe to a new number of servings.",
        {"recipe_name": S("Name of the saved recipe."),
         "servings": I("Desired number of servings.")},
        ["recipe_name", "servings"])],
    {"find_ingredient_substitute": {"ingredient": ["buttermilk"], "dietary_restriction": ["dairy_free"]}})

# N18 geometry
add("near", "volume of a cylinder-shaped water tank, radius 1.5 m, 4 m tall?",
    [fn("geometry.cylinder_volume",
        "Computes the volume of a right circular cylinder.",
        {"radius": F("Radius of the base."),
         "height": F("Height of the cylinder, in the same unit as the radius.")},
        ["radius", "height"]),
     fn("geometry.circle_area",
        "Computes the area of a circle.",
        {"radius": F("Radius of the circle.")},
        ["radius"])],
    {"geometry.cylinder_volume": {"radius": [1.5], "height": [4.0]}})

# N19 statistics
add("near", "90th percentile of these response times (ms): 120, 135, 150, 210, 340, 95, 180",
    [fn("calculate_percentile",
        "Returns the value at a given percentile of a data set, using linear interpolation.",
        {"values": A("float", "The data points."),
         "percentile": F("Percentile to compute, from 0 to 100.")},
        ["values", "percentile"]),
     fn("calculate_mean",
        "Returns the arithmetic mean of a list of numbers.",
        {"values": A("float", "The data points.")},
        ["values"]),
     fn("calculate_median",
        "Returns the median of a list of numbers.",
        {"values": A("float", "The data points.")},
        ["values"])],
    {"calculate_percentile": {"values": [[120.0, 135.0, 150.0, 210.0, 340.0, 95.0, 180.0]], "percentile": [90.0]}})

# N20 weather
add("near", "What's it like outside in Nairobi right now?",
    [fn("get_current_weather",
        "Returns current conditions (temperature, humidity, wind, sky) for a location.",
        {"location": S("City name, optionally with country."),
         "units": S("'metric' or 'imperial'. Default is 'metric'.", ["metric", "imperial"])},
        ["location"]),
     fn("get_weather_forecast",
        "Returns a multi-day forecast for a location.",
        {"location": S("City name, optionally with country."),
         "days": I("Number of days, 1 to 10.")},
        ["location", "days"]),
     fn("get_historical_weather",
        "Returns observed weather for a past date.",
        {"location": S("City name."),
         "date": S("Past date in YYYY-MM-DD format.")},
        ["location", "date"])],
    {"get_current_weather": {"location": ["Nairobi", "Nairobi, Kenya"], "units": ["", "metric"]}})

# N21 payroll
add("near", "Estimate the tax withholding on a $3,200 biweekly paycheck, filing single, in Oregon.",
    [fn("estimate_paycheck_withholding",
        "Estimates federal and state income-tax withholding for one paycheck.",
        {"gross_pay": F("Gross pay for the period in dollars."),
         "pay_frequency": S("How often the employee is paid.", ["weekly", "biweekly", "semimonthly", "monthly"]),
         "filing_status": S("Federal filing status.", ["single", "married_joint", "head_of_household"]),
         "state": S("Two-letter US state abbreviation.")},
        ["gross_pay", "pay_frequency", "filing_status", "state"]),
     fn("calculate_overtime_pay",
        "Calculates gross pay including overtime.",
        {"hourly_rate": F("Hourly wage in dollars."),
         "regular_hours": F("Regular hours."),
         "overtime_hours": F("Overtime hours.")},
        ["hourly_rate", "regular_hours", "overtime_hours"]),
     fn("project_pto_balance",
        "Projects a PTO balance forward.",
        {"accrual_hours_per_period": F("Hours earned per pay period."),
         "pay_periods": I("Number of pay periods.")},
        ["accrual_hours_per_period", "pay_periods"])],
    {"estimate_paycheck_withholding": {"gross_pay": [3200.0], "pay_frequency": ["biweekly"], "filing_status": ["single"],
                                       "state": ["OR"]}})

# N22 music
add("near", "what delay time in ms should I dial in for dotted eighth notes at 128 bpm",
    [fn("bpm_to_delay_ms",
        "Converts a tempo and note value into a delay time in milliseconds.",
        {"bpm": F("Tempo in beats per minute."),
         "note_value": S("Note length to sync to.", ["1/4", "1/8", "1/16", "dotted_1/8", "dotted_1/4", "triplet_1/8"])},
        ["bpm", "note_value"]),
     fn("transpose_chords",
        "Transposes a chord progression by a number of semitones.",
        {"chords": A("string", "Chord symbols in order."),
         "semitones": I("Semitones to shift.")},
        ["chords", "semitones"]),
     fn("detect_key",
        "Guesses the key of a song from its chord progression.",
        {"chords": A("string", "Chord symbols in order.")},
        ["chords"])],
    {"bpm_to_delay_ms": {"bpm": [128.0], "note_value": ["dotted_1/8"]}})

# N23 aviation
add("near", "Pull the terminal aerodrome forecast for KSEA.",
    [fn("aviation.get_taf",
        "Fetches the current TAF (terminal aerodrome forecast) for an airport.",
        {"icao_code": S("Four-letter ICAO airport code.")},
        ["icao_code"]),
     fn("aviation.get_metar",
        "Fetches the latest METAR observation (current conditions) for an airport.",
        {"icao_code": S("Four-letter ICAO airport code.")},
        ["icao_code"])],
    {"aviation.get_taf": {"icao_code": ["KSEA"]}})

# N24 marine
add("near", "surf forecast for Ericeira, next 4 days?",
    [fn("get_surf_forecast",
        "Returns wave height, swell period and wind for a surf spot.",
        {"spot": S("Name of the surf spot or beach."),
         "days": I("Number of days to forecast, 1 to 7. Default is 3.")},
        ["spot"]),
     fn("get_tide_times",
        "Returns high and low tide times for a tide station.",
        {"station": S("Tide station name."),
         "date": S("Date in YYYY-MM-DD format.")},
        ["station", "date"]),
     fn("get_sea_temperature",
        "Returns the current sea-surface temperature near a coastal location.",
        {"location": S("Coastal town or beach.")},
        ["location"])],
    {"get_surf_forecast": {"spot": ["Ericeira"], "days": [4]}})

# N25 photography
add("near", "What's the hyperfocal distance for a 24mm lens at f/8 on a full-frame camera?",
    [fn("calculate_hyperfocal_distance",
        "Calculates the hyperfocal distance in metres for a lens setting.",
        {"focal_length_mm": F("Focal length in millimetres."),
         "aperture": F("Aperture f-number, e.g. 8 for f/8."),
         "sensor_format": S("Sensor size. Default is 'full_frame'.", ["full_frame", "aps_c", "micro_four_thirds"])},
        ["focal_length_mm", "aperture"]),
     fn("calculate_depth_of_field",
        "Calculates near and far limits of sharp focus at a subject distance.",
        {"focal_length_mm": F("Focal length in millimetres."),
         "aperture": F("Aperture f-number."),
         "subject_distance_m": F("Subject distance in metres.")},
        ["focal_length_mm", "aperture", "subject_distance_m"]),
     fn("equivalent_exposure",
        "Finds the shutter speed that keeps exposure constant when the aperture changes.",
        {"aperture": F("Current f-number."),
         "shutter_speed_s": F("Current shutter speed in seconds."),
         "new_aperture": F("New f-number.")},
        ["aperture", "shutter_speed_s", "new_aperture"])],
    {"calculate_hyperfocal_distance": {"focal_length_mm": [24.0], "aperture": [8.0], "sensor_format": ["", "full_frame"]}})

# N26 dates
add("near", "what day of the week was july 20 1969",
    [fn("day_of_week",
        "Returns the weekday name of a date.",
        {"date": S("Date in YYYY-MM-DD format.")},
        ["date"]),
     fn("add_days_to_date",
        "Adds (or subtracts) a number of days to a date.",
        {"start_date": S("Date in YYYY-MM-DD format."),
         "days": I("Days to add; negative to subtract.")},
        ["start_date", "days"]),
     fn("days_between_dates",
        "Counts days between two dates.",
        {"start_date": S("First date, YYYY-MM-DD."),
         "end_date": S("Second date, YYYY-MM-DD.")},
        ["start_date", "end_date"])],
    {"day_of_week": {"date": ["1969-07-20"]}})

# N27 construction
add("near", "How many tiles do I need for a 14.5 square metre bathroom floor with 60 by 30 cm tiles? Add 15% for waste.",
    [fn("calculate_tiles_needed",
        "Calculates how many tiles cover a floor or wall area, with an allowance for cuts and breakage.",
        {"area_sqm": F("Area to tile in square metres."),
         "tile_length_cm": F("Tile length in centimetres."),
         "tile_width_cm": F("Tile width in centimetres."),
         "waste_percent": F("Extra allowance as a percent, e.g. 10. Default is 10.")},
        ["area_sqm", "tile_length_cm", "tile_width_cm"]),
     fn("calculate_paint_needed",
        "Calculates litres of paint needed for a wall area.",
        {"wall_area_sqm": F("Wall area in square metres."),
         "coats": I("Number of coats. Default is 2.")},
        ["wall_area_sqm"]),
     fn("calculate_concrete_volume",
        "Calculates cubic metres of concrete for a rectangular slab.",
        {"length_m": F("Slab length in metres."),
         "width_m": F("Slab width in metres."),
         "depth_cm": F("Slab depth in centimetres.")},
        ["length_m", "width_m", "depth_cm"])],
    {"calculate_tiles_needed": {"area_sqm": [14.5], "tile_length_cm": [60.0], "tile_width_cm": [30.0], "waste_percent": [15.0]}})

# N28 bioinformatics
add("near", "What's the GC content of ATGCGCGTTAACGGCTA?",
    [fn("bio.gc_content",
        "Returns the percentage of G and C bases in a DNA sequence.",
        {"sequence": S("DNA sequence using A, C, G and T.")},
        ["sequence"]),
     fn("bio.reverse_complement",
        "Returns the reverse complement of a DNA sequence.",
        {"sequence": S("DNA sequence using A, C, G and T.")},
        ["sequence"]),
     fn("bio.translate_dna",
        "Translates a DNA coding sequence into a protein sequence.",
        {"sequence": S("DNA sequence using A, C, G and T."),
         "reading_frame": I("Reading frame, 1, 2 or 3. Default is 1.")},
        ["sequence"])],
    {"bio.gc_content": {"sequence": ["ATGCGCGTTAACGGCTA"]}})

# N29 electronics
add("near", "Total resistance of 220 Ω, 330 Ω and 1 kΩ resistors wired in parallel?",
    [fn("resistors_in_parallel",
        "Computes the equivalent resistance of resistors connected in parallel.",
        {"resistances_ohms": A("float", "Each resistor's value in ohms.")},
        ["resistances_ohms"]),
     fn("resistors_in_series",
        "Computes the equivalent resistance of resistors connected in series.",
        {"resistances_ohms": A("float", "Each resistor's value in ohms.")},
        ["resistances_ohms"]),
     fn("voltage_divider_output",
        "Computes the output voltage of a two-resistor voltage divider.",
        {"input_voltage": F("Input voltage in volts."),
         "r1_ohms": F("Top resistor in ohms."),
         "r2_ohms": F("Bottom resistor in ohms.")},
        ["input_voltage", "r1_ohms", "r2_ohms"])],
    {"resistors_in_parallel": {"resistances_ohms": [[220.0, 330.0, 1000.0]]}})

# N30 text encoding
add("near", "base64 encode the string hello:world",
    [fn("base64_encode",
        "Encodes UTF-8 text as Base64.",
        {"text": S("Text to encode.")},
        ["text"]),
     fn("hash_text",
        "Computes a cryptographic hash of UTF-8 text and returns it as hex.",
        {"text": S("Text to hash."),
         "algorithm": S("Hash algorithm. Default is 'sha256'.", ["md5", "sha1", "sha256", "sha512"])},
        ["text"])],
    {"base64_encode": {"text": ["hello:world"]}})
