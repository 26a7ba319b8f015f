"""Function definitions, written by hand for the blind suite.

Some are used by both categories (e.g. convert_currency appears alone in a
simple question and among neighbours in a multiple question).
"""
from helpers import S, I, F, B, A, D, fn

ISO_CUR = "Three-letter ISO 4217 currency code"
DATE = "Date in YYYY-MM-DD format."
ISO2 = "ISO 3166-1 alpha-2 country code"

# ---------------------------------------------------------------- money
convert_currency = fn(
    "convert_currency",
    "Converts an amount of money from one currency to another using the latest mid-market exchange rate.",
    {
        "amount": F("The amount of money to convert, in units of the source currency."),
        "from_currency": S(ISO_CUR + " of the currency to convert from, e.g. USD."),
        "to_currency": S(ISO_CUR + " of the currency to convert to, e.g. EUR."),
        "round_to": I("Number of decimal places in the result. Default is 2."),
    },
    ["amount", "from_currency", "to_currency"])

finance_loan_payment = fn(
    "finance.loan_payment",
    "Calculates the fixed periodic payment for a fully amortizing loan.",
    {
        "principal": F("Amount borrowed, in currency units."),
        "annual_rate": F("Nominal annual interest rate as a fraction between 0 and 1, e.g. 0.05 for 5%."),
        "years": I("Loan term in years."),
        "payments_per_year": I("Number of payments per year. Default is 12 (monthly)."),
    },
    ["principal", "annual_rate", "years"])

calculate_compound_interest = fn(
    "calculate_compound_interest",
    "Returns the future value of a lump-sum deposit that earns compound interest.",
    {
        "principal": F("Initial deposit, in currency units."),
        "annual_rate": F("Nominal annual interest rate as a fraction, e.g. 0.03 for 3%."),
        "years": I("Number of whole years the money is invested."),
        "compounds_per_year": I("How many times per year interest is compounded. Default is 1 (annual compounding)."),
    },
    ["principal", "annual_rate", "years"])

finance_stock_quote = fn(
    "get_stock_quote",
    "Returns the latest trade price, change and volume for a listed stock.",
    {
        "ticker": S("Ticker symbol, e.g. 'AAPL'."),
    },
    ["ticker"])

split_bill = fn(
    "split_bill",
    "Splits a restaurant bill evenly, optionally adding a tip, and returns the amount each person pays.",
    {
        "total": F("Bill total before tip, in currency units."),
        "people": I("Number of people sharing the bill."),
        "tip_percent": F("Tip as a percentage of the total, e.g. 15 for 15%. Default is 0."),
    },
    ["total", "people"])

get_exchange_rate_history = fn(
    "get_exchange_rate_history",
    "Returns historical exchange rates between two currencies over a date range.",
    {
        "base": S(ISO_CUR + " of the base currency, e.g. USD."),
        "quote": S(ISO_CUR + " of the quote currency, e.g. JPY."),
        "start_date": S("First date of the range, " + DATE),
        "end_date": S("Last date of the range (inclusive), " + DATE),
        "interval": S("Sampling interval of the returned series. Default is 'daily'.",
                      ["daily", "weekly", "monthly"]),
    },
    ["base", "quote", "start_date", "end_date"])

get_exchange_rate = fn(
    "get_exchange_rate",
    "Returns the exchange rate between two currencies, either the latest or the closing rate on a given date.",
    {
        "base": S(ISO_CUR + " of the base currency."),
        "quote": S(ISO_CUR + " of the quote currency."),
        "date": S("Date of the closing rate, " + DATE + " Default is the latest available rate."),
    },
    ["base", "quote"])

calculate_sales_tax = fn(
    "calculate_sales_tax",
    "Calculates US sales tax on a purchase, combining state, county and city rates.",
    {
        "amount": F("Purchase price before tax, in US dollars."),
        "state": S("Two-letter US state code, e.g. 'CA'."),
        "city": S("City where the purchase is made, used to add local taxes. Default is state rate only."),
    },
    ["amount", "state"])

finance_compound_interest = fn(
    "finance.compound_interest",
    "Computes the future value of a deposit with interest compounded monthly.",
    {
        "principal": F("Initial deposit, in currency units."),
        "annual_rate": F("Annual interest rate as a fraction, e.g. 0.04 for 4%."),
        "years": I("Investment horizon in years."),
    },
    ["principal", "annual_rate", "years"])

finance_present_value = fn(
    "finance.present_value",
    "Computes how much must be invested today to reach a target future amount at a fixed annual return.",
    {
        "future_value": F("Target amount in the future, in currency units."),
        "annual_rate": F("Expected annual rate of return as a fraction, e.g. 0.06 for 6%."),
        "years": I("Number of years until the target date."),
    },
    ["future_value", "annual_rate", "years"])

finance_amortization_schedule = fn(
    "finance.amortization_schedule",
    "Produces a month-by-month amortization table (payment, interest, principal, balance) for a fixed-rate loan.",
    {
        "principal": F("Amount borrowed, in currency units."),
        "annual_rate": F("Annual interest rate as a fraction, e.g. 0.045 for 4.5%."),
        "years": I("Loan term in years."),
        "first_payment_date": S("Date of the first monthly payment, " + DATE + " Default is one month from today."),
    },
    ["principal", "annual_rate", "years"])

# ---------------------------------------------------------------- weather
UNITS_WX = S("Unit system for the response. Default is 'metric'.", ["metric", "imperial"])
LOC_WX = S("City name, optionally followed by region or country, e.g. 'Bergen, Norway'.")

get_current_weather = fn(
    "get_current_weather",
    "Returns current weather conditions (temperature, humidity, wind, precipitation) for a location.",
    {"location": LOC_WX, "units": UNITS_WX},
    ["location"])

get_forecast = fn(
    "get_forecast",
    "Returns a daily weather forecast (high/low temperature, chance of precipitation, wind) for the coming days.",
    {
        "location": LOC_WX,
        "days": I("Number of days to forecast, starting today, 1-14."),
        "units": UNITS_WX,
    },
    ["location", "days"])

get_air_quality = fn(
    "get_air_quality",
    "Returns current air-quality measurements for a location.",
    {
        "location": LOC_WX,
        "pollutant": S("Pollutant to report. 'aqi' returns the overall air quality index. Default is 'aqi'.",
                       ["aqi", "pm25", "pm10", "o3", "no2", "so2", "co"]),
    },
    ["location"])

# ---------------------------------------------------------------- geo
geo_distance = fn(
    "geo.distance",
    "Computes the great-circle (straight-line) distance between two points given in decimal degrees.",
    {
        "lat1": F("Latitude of the first point in decimal degrees, -90 to 90."),
        "lon1": F("Longitude of the first point in decimal degrees, -180 to 180."),
        "lat2": F("Latitude of the second point in decimal degrees, -90 to 90."),
        "lon2": F("Longitude of the second point in decimal degrees, -180 to 180."),
        "unit": S("Unit of the result: kilometres, statute miles or nautical miles. Default is 'km'.",
                  ["km", "mi", "nm"]),
    },
    ["lat1", "lon1", "lat2", "lon2"])

geo_geocode = fn(
    "geo.geocode",
    "Converts a street address into latitude and longitude.",
    {"address": S("Free-form street address, e.g. '10 Downing Street, London'.")},
    ["address"])

geo_reverse_geocode = fn(
    "geo.reverse_geocode",
    "Returns the nearest street address for a pair of coordinates.",
    {
        "latitude": F("Latitude in decimal degrees."),
        "longitude": F("Longitude in decimal degrees."),
    },
    ["latitude", "longitude"])

geo_timezone = fn(
    "geo.timezone",
    "Returns the IANA time zone and current UTC offset at a pair of coordinates.",
    {
        "latitude": F("Latitude in decimal degrees."),
        "longitude": F("Longitude in decimal degrees."),
    },
    ["latitude", "longitude"])

geo_route_distance = fn(
    "get_route",
    "Returns the driving distance and estimated driving time between two places.",
    {
        "origin": S("Starting place: city, address or landmark."),
        "destination": S("End place: city, address or landmark."),
    },
    ["origin", "destination"])

get_elevation = fn(
    "get_elevation",
    "Returns the ground elevation, in metres above mean sea level, at a point.",
    {
        "latitude": F("Latitude in decimal degrees; north is positive."),
        "longitude": F("Longitude in decimal degrees; east is positive."),
    },
    ["latitude", "longitude"])

get_country_population = fn(
    "get_country_population",
    "Returns the estimated total population of a country for a year.",
    {
        "country": S("Country name in English, e.g. 'Germany'."),
        "year": I("Year of the estimate, 1960 or later. Default is the most recent year available."),
    },
    ["country"])

find_nearby_places = fn(
    "find_nearby_places",
    "Finds points of interest of one category around a location, sorted by distance.",
    {
        "latitude": F("Latitude of the centre point in decimal degrees."),
        "longitude": F("Longitude of the centre point in decimal degrees."),
        "category": S("Kind of place to look for.",
                      ["restaurant", "cafe", "bar", "pharmacy", "atm", "gas_station", "supermarket", "hospital"]),
        "radius_m": I("Search radius in metres. Default is 1000."),
    },
    ["latitude", "longitude", "category"])

get_sun_times = fn(
    "get_sun_times",
    "Returns sunrise, sunset and day length for a place on a given date, in local time.",
    {
        "location": S("City name, optionally with country, e.g. 'Tromso, Norway'."),
        "date": S(DATE),
    },
    ["location", "date"])

# ---------------------------------------------------------------- health
calculate_bmi = fn(
    "calculate_bmi",
    "Calculates body mass index (BMI) and its WHO category from weight and height.",
    {
        "weight_kg": F("Body weight in kilograms."),
        "height_cm": F("Height in centimetres."),
    },
    ["weight_kg", "height_cm"])

calculate_daily_calories = fn(
    "calculate_daily_calories",
    "Estimates the daily calories needed to maintain current weight (TDEE), using the Mifflin-St Jeor equation and an activity multiplier.",
    {
        "age": I("Age in years."),
        "sex": S("Biological sex.", ["male", "female"]),
        "weight_kg": F("Body weight in kilograms."),
        "height_cm": F("Height in centimetres."),
        "activity_level": S("Typical activity: sedentary (little or no exercise), light (1-3 days/week), "
                            "moderate (3-5 days/week), active (6-7 days/week), very_active (hard daily training or a physical job).",
                            ["sedentary", "light", "moderate", "active", "very_active"]),
    },
    ["age", "sex", "weight_kg", "height_cm", "activity_level"])

check_drug_interaction = fn(
    "check_drug_interaction",
    "Looks up known interactions between two medications and returns their severity and advice.",
    {
        "drug_a": S("Generic or brand name of the first medication."),
        "drug_b": S("Generic or brand name of the second medication."),
    },
    ["drug_a", "drug_b"])

heart_rate_zones = fn(
    "heart_rate_zones",
    "Computes five heart-rate training zones in beats per minute.",
    {
        "age": I("Age in years, used to estimate maximum heart rate."),
        "resting_heart_rate": I("Resting heart rate in bpm. If given, zones use the Karvonen (heart-rate reserve) method; otherwise they are percentages of maximum heart rate."),
    },
    ["age"])

water_intake_recommendation = fn(
    "water_intake_recommendation",
    "Recommends a daily fluid intake in litres based on body weight, exercise and climate.",
    {
        "weight_kg": F("Body weight in kilograms."),
        "exercise_minutes": I("Average minutes of exercise per day."),
        "climate": S("Climate the person lives in. Default is 'temperate'.", ["cold", "temperate", "hot"]),
    },
    ["weight_kg", "exercise_minutes"])

estimate_due_date = fn(
    "estimate_due_date",
    "Estimates a pregnancy due date from the first day of the last menstrual period (Naegele's rule, adjusted for cycle length).",
    {
        "last_period_start": S("First day of the last menstrual period, " + DATE),
        "cycle_length_days": I("Average cycle length in days. Default is 28."),
    },
    ["last_period_start"])

calculate_bmr = fn(
    "calculate_bmr",
    "Calculates basal metabolic rate (calories per day burned at complete rest).",
    {
        "age": I("Age in years."),
        "sex": S("Biological sex.", ["male", "female"]),
        "weight_kg": F("Body weight in kilograms."),
        "height_cm": F("Height in centimetres."),
        "formula": S("Equation to use. Default is 'mifflin_st_jeor'.", ["mifflin_st_jeor", "harris_benedict"]),
    },
    ["age", "sex", "weight_kg", "height_cm"])

# ---------------------------------------------------------------- cooking
COOK_UNITS = ["teaspoon", "tablespoon", "cup", "fluid_ounce", "milliliter", "liter",
              "gram", "kilogram", "ounce", "pound"]
convert_cooking_units = fn(
    "convert_cooking_units",
    "Converts kitchen measurements between US volume units and metric/imperial weight units.",
    {
        "quantity": F("Amount to convert, as a decimal number (e.g. 1.5 for one and a half)."),
        "from_unit": S("Unit of the given quantity.", COOK_UNITS),
        "to_unit": S("Unit to convert to.", COOK_UNITS),
        "ingredient": S("Ingredient name, e.g. 'sugar'. Needed only when converting between a volume unit and a weight unit; omit otherwise."),
    },
    ["quantity", "from_unit", "to_unit"])

find_recipes = fn(
    "find_recipes",
    "Finds recipes that can be made mostly from the given ingredients.",
    {
        "ingredients": A("string", "Ingredients the user has on hand, e.g. ['eggs', 'spinach']."),
        "max_prep_minutes": I("Maximum total preparation and cooking time, in minutes. Default is no limit."),
        "diet": S("Dietary restriction every recipe must satisfy. Default is 'none'.",
                  ["none", "vegetarian", "vegan", "gluten_free", "keto"]),
    },
    ["ingredients"])

get_nutrition_info = fn(
    "get_nutrition_info",
    "Returns calories, protein, fat, carbohydrate and fibre for a quantity of a food.",
    {
        "food": S("Name of the food, as specific as possible, e.g. 'boiled potatoes'."),
        "quantity_grams": F("Quantity in grams. Default is 100."),
    },
    ["food"])

get_wine_pairing = fn(
    "get_wine_pairing",
    "Suggests wine styles and grape varieties that pair well with a dish.",
    {
        "dish": S("Name or short description of the dish."),
        "wine_color": S("Restrict suggestions to one style. Default is any style.",
                        ["red", "white", "rose", "sparkling"]),
    },
    ["dish"])

get_ingredient_substitute = fn(
    "get_ingredient_substitute",
    "Suggests substitutes for a cooking ingredient, with conversion ratios.",
    {
        "ingredient": S("Ingredient to replace."),
    },
    ["ingredient"])

# ---------------------------------------------------------------- files
compress_files = fn(
    "compress_files",
    "Packs files and folders into a single compressed archive in the current working directory; the format (zip, tar.gz, 7z) follows the archive name's extension.",
    {
        "paths": A("string", "Paths of the files or folders to include, in the order given."),
        "archive_name": S("File name of the archive to create, including its extension, e.g. 'backup.zip'."),
    },
    ["paths", "archive_name"])

search_files = fn(
    "search_files",
    "Lists files whose names match a glob pattern inside a directory.",
    {
        "directory": S("Absolute path of the directory to search."),
        "pattern": S("Glob pattern matched against file names, e.g. '*.txt'."),
        "recursive": B("Whether to search subdirectories as well. Default is true."),
    },
    ["directory", "pattern"])

rename_file = fn(
    "rename_file",
    "Renames a file, keeping it in the same directory.",
    {
        "path": S("Full path of the existing file."),
        "new_name": S("New file name only, without a directory, e.g. 'notes.txt'."),
        "overwrite": B("Replace an existing file with the new name if there is one. Default is false."),
    },
    ["path", "new_name"])

compute_file_hash = fn(
    "compute_file_hash",
    "Computes a cryptographic checksum of a file and returns it as a hex string.",
    {
        "path": S("Path of the file."),
        "algorithm": S("Hash algorithm. Default is 'sha256'.", ["md5", "sha1", "sha256", "sha512"]),
    },
    ["path"])

convert_document = fn(
    "convert_document",
    "Converts a document to another format and saves it next to the original with the new extension.",
    {
        "input_path": S("Path of the document to convert."),
        "output_format": S("Target format.", ["pdf", "docx", "odt", "txt", "html", "md"]),
    },
    ["input_path", "output_format"])

list_directory = fn(
    "list_directory",
    "Lists the entries of a directory with their sizes and types.",
    {
        "path": S("Path of the directory."),
        "show_hidden": B("Include entries whose names start with a dot. Default is false."),
    },
    ["path"])

move_file = fn(
    "move_file",
    "Moves a file to another directory or path.",
    {
        "source": S("Current path of the file."),
        "destination": S("Destination directory, or full destination path including the file name."),
    },
    ["source", "destination"])

get_file_info = fn(
    "get_file_info",
    "Returns metadata for a file: size in bytes, owner, permissions, and creation and modification times.",
    {"path": S("Path of the file.")},
    ["path"])

delete_file = fn(
    "delete_file",
    "Moves a file to the trash.",
    {
        "path": S("Path of the file."),
    },
    ["path"])

# ---------------------------------------------------------------- calendar / time
create_calendar_event = fn(
    "create_calendar_event",
    "Creates an event in the user's primary calendar.",
    {
        "title": S("Title of the event."),
        "start": S("Start date and time in local time, format YYYY-MM-DDTHH:MM (24-hour), e.g. 2027-01-31T09:00."),
        "duration_minutes": I("Length of the event in minutes. Default is 60."),
        "location": S("Free-text location of the event. Default is none."),
        "attendees": A("string", "Email addresses of people to invite. Default is no attendees."),
    },
    ["title", "start"])

find_free_slots = fn(
    "find_free_slots",
    "Finds time slots within working hours (09:00-17:00) on a given day when all listed people are free.",
    {
        "participants": A("string", "Email addresses of the people who must all be free."),
        "date": S("Day to search, " + DATE),
        "duration_minutes": I("Required length of the slot in minutes."),
    },
    ["participants", "date", "duration_minutes"])

set_reminder = fn(
    "set_reminder",
    "Sets a reminder notification on the user's phone.",
    {
        "message": S("What to remind the user about."),
        "remind_at": S("Date and time of the (first) reminder in local time, format 'YYYY-MM-DD HH:MM' (24-hour)."),
        "repeat": S("How often the reminder repeats. Default is 'none'.", ["none", "daily", "weekly", "monthly"]),
    },
    ["message", "remind_at"])

convert_timezone = fn(
    "convert_timezone",
    "Converts a local date and time from one time zone to another, accounting for daylight saving time.",
    {
        "datetime": S("Local date and time to convert, format 'YYYY-MM-DD HH:MM' (24-hour)."),
        "from_tz": S("IANA time zone name of the given time, e.g. 'Europe/Paris'."),
        "to_tz": S("IANA time zone name to convert to, e.g. 'Asia/Tokyo'."),
    },
    ["datetime", "from_tz", "to_tz"])

get_public_holidays = fn(
    "get_public_holidays",
    "Lists the national public holidays of a country for a year.",
    {
        "country": S(ISO2 + ", e.g. 'FR'."),
        "year": I("Four-digit year."),
    },
    ["country", "year"])

count_days_between = fn(
    "count_days_between",
    "Counts the days between two dates, including both the start and the end date.",
    {
        "start_date": S("First date, " + DATE),
        "end_date": S("Last date, " + DATE),
        "business_days_only": B("Count only Monday to Friday. Default is false."),
        "country": S(ISO2 + " whose public holidays are also excluded when business_days_only is true. Default is none."),
    },
    ["start_date", "end_date"])

list_events = fn(
    "list_events",
    "Lists calendar events between two dates.",
    {
        "start_date": S("First day to include, " + DATE),
        "end_date": S("Last day to include, " + DATE),
    },
    ["start_date", "end_date"])

delete_event = fn(
    "delete_event",
    "Deletes a calendar event by its id.",
    {
        "event_id": S("Identifier of the event, e.g. 'evt_12345'."),
        "notify_attendees": B("Send a cancellation notice to the attendees. Default is true."),
    },
    ["event_id"])

# ---------------------------------------------------------------- messaging / contacts
send_sms = fn(
    "send_sms",
    "Sends a text message from the user's phone number.",
    {
        "phone_number": S("Recipient's number in E.164 format (plus sign, country code, number, no spaces), e.g. +14155550100."),
        "message": S("Text of the message, up to 480 characters."),
    },
    ["phone_number", "message"])

send_email = fn(
    "send_email",
    "Sends an email from the user's account.",
    {
        "to": A("string", "Recipient email addresses."),
        "subject": S("Subject line."),
        "body": S("Plain-text body of the email."),
        "cc": A("string", "Email addresses to copy. Default is none."),
    },
    ["to", "subject", "body"])

post_slack_message = fn(
    "post_slack_message",
    "Posts a message to a Slack channel in the user's workspace.",
    {
        "channel": S("Channel name including the leading '#', e.g. '#general'."),
        "text": S("Message text; Slack markdown is allowed."),
        "thread_ts": S("Timestamp of a parent message, to reply in its thread. Omit to post at the top level."),
    },
    ["channel", "text"])

translate_text = fn(
    "translate_text",
    "Translates text into another language.",
    {
        "text": S("Text to translate."),
        "target_language": S("ISO 639-1 code of the language to translate into, e.g. 'fr'."),
        "source_language": S("ISO 639-1 code of the text's language. Default is automatic detection."),
    },
    ["text", "target_language"])

search_contacts = fn(
    "search_contacts",
    "Searches the user's address book and returns matching contacts with their phone numbers and emails.",
    {
        "query": S("Name, phone number or email fragment to search for."),
    },
    ["query"])

add_contact = fn(
    "add_contact",
    "Adds a new contact to the user's address book.",
    {
        "name": S("Full name of the contact."),
        "phone": S("Phone number in E.164 format, e.g. +447911123456."),
        "email": S("Email address. Default is none."),
        "address": D("Postal address. Default is none.", {
            "street": S("Street and house number."),
            "city": S("City or town."),
            "postal_code": S("Postal or ZIP code."),
            "country": S("Country name or ISO 3166-1 alpha-2 code."),
        }, ["street", "city", "country"]),
    },
    ["name", "phone"])

block_number = fn(
    "block_number",
    "Blocks calls and texts from a phone number.",
    {"phone_number": S("Number to block in E.164 format, e.g. +14155550100.")},
    ["phone_number"])

# ---------------------------------------------------------------- maths
solve_quadratic = fn(
    "solve_quadratic",
    "Finds the real or complex roots of the equation a*x^2 + b*x + c = 0.",
    {
        "a": F("Coefficient of x^2; must not be zero."),
        "b": F("Coefficient of x."),
        "c": F("Constant term."),
    },
    ["a", "b", "c"])

math_prime_factorize = fn(
    "math.prime_factorize",
    "Returns the prime factorization of an integer as a list of (prime, exponent) pairs.",
    {"n": I("Integer to factorize, 2 or greater.")},
    ["n"])

math_definite_integral = fn(
    "math.definite_integral",
    "Numerically evaluates a definite integral of a function of x.",
    {
        "expression": S("Integrand in the variable x, written in Python/SymPy syntax, e.g. 'x**2 * sin(x)'."),
        "lower": F("Lower limit of integration."),
        "upper": F("Upper limit of integration."),
    },
    ["expression", "lower", "upper"])

math_binomial_probability = fn(
    "binomial_probability",
    "Computes a binomial probability for n independent trials with success probability p.",
    {
        "n": I("Number of trials."),
        "k": I("Number of successes."),
        "p": F("Probability of success on a single trial, between 0 and 1."),
        "cumulative": B("If true, return P(X <= k) instead of P(X = k). Default is false."),
    },
    ["n", "k", "p"])

math_base_convert = fn(
    "convert_number_base",
    "Converts a non-negative integer written in one base into another base.",
    {
        "number": S("The number to convert, written in the source base, e.g. 'ff' for base 16."),
        "from_base": I("Base of the given number, 2-36."),
        "to_base": I("Base to convert to, 2-36."),
    },
    ["number", "from_base", "to_base"])

math_permutations = fn(
    "count_permutations",
    "Counts the ordered arrangements of r items chosen from n distinct items, without repetition (nPr).",
    {
        "n": I("Total number of distinct items."),
        "r": I("Number of items arranged."),
    },
    ["n", "r"])

math_gcd = fn(
    "math.gcd",
    "Returns the greatest common divisor of a list of integers.",
    {"numbers": A("integer", "Two or more integers.")},
    ["numbers"])

math_lcm = fn(
    "math.lcm",
    "Returns the least common multiple of a list of integers.",
    {"numbers": A("integer", "Two or more positive integers.")},
    ["numbers"])

math_is_prime = fn(
    "math.is_prime",
    "Tests whether an integer is prime and, if not, returns its smallest factor.",
    {"n": I("Integer to test.")},
    ["n"])

math_derivative = fn(
    "math.derivative",
    "Returns the symbolic derivative of an expression.",
    {
        "expression": S("Expression in Python/SymPy syntax, e.g. 'x**2 * exp(x)'."),
        "variable": S("Variable to differentiate with respect to. Default is 'x'."),
        "order": I("Order of the derivative (1 = first derivative). Default is 1."),
    },
    ["expression"])

math_limit = fn(
    "math.limit",
    "Computes the limit of an expression in x as x approaches a point.",
    {
        "expression": S("Expression in the variable x, in Python/SymPy syntax, e.g. '(1 + 1/x)**x'."),
        "point": F("Value that x approaches."),
        "direction": S("Side from which x approaches the point. Default is 'both'.", ["both", "left", "right"]),
    },
    ["expression", "point"])

# ---------------------------------------------------------------- statistics
stats_percentile = fn(
    "stats.percentile",
    "Computes a percentile of a list of numbers, interpolating linearly between data points.",
    {
        "values": A("float", "The data values."),
        "percentile": F("Percentile to compute, between 0 and 100."),
    },
    ["values", "percentile"])

stats_t_test_independent = fn(
    "stats.t_test_independent",
    "Runs a two-sided t-test comparing the means of two independent samples; returns t, degrees of freedom and p-value.",
    {
        "sample_a": A("float", "Observations in the first group."),
        "sample_b": A("float", "Observations in the second group."),
        "equal_variance": B("If true, run Student's t-test assuming equal variances; if false, Welch's t-test. Default is false."),
        "alpha": F("Significance level used for the reported decision. Default is 0.05."),
    },
    ["sample_a", "sample_b"])

stats_linear_regression = fn(
    "stats.linear_regression",
    "Fits an ordinary least-squares line y = slope*x + intercept and returns slope, intercept and R squared.",
    {
        "x": A("float", "Values of the independent variable."),
        "y": A("float", "Values of the dependent variable, same length as x."),
    },
    ["x", "y"])

stats_sample_size = fn(
    "survey_sample_size",
    "Computes the survey sample size needed to estimate a proportion with a given margin of error.",
    {
        "margin_of_error": F("Desired margin of error as a fraction, e.g. 0.05 for plus or minus 5%."),
        "confidence_level": F("Confidence level as a fraction, e.g. 0.9. Default is 0.95."),
        "population_size": I("Size of the population, for the finite population correction. Default is an infinite population."),
        "expected_proportion": F("Expected proportion as a fraction. Default is 0.5 (the most conservative)."),
    },
    ["margin_of_error"])

stats_correlation = fn(
    "stats.correlation",
    "Computes a correlation coefficient between two paired lists of numbers, with its p-value.",
    {
        "x": A("float", "First variable."),
        "y": A("float", "Second variable, same length as x."),
        "method": S("Correlation coefficient to compute. Default is 'pearson'.", ["pearson", "spearman", "kendall"]),
    },
    ["x", "y"])

stats_mean = fn(
    "stats.mean",
    "Returns the arithmetic mean of a list of numbers.",
    {"values": A("float", "The data values.")},
    ["values"])

stats_median = fn(
    "stats.median",
    "Returns the median of a list of numbers.",
    {"values": A("float", "The data values.")},
    ["values"])

stats_std_dev = fn(
    "stats.std_dev",
    "Returns the standard deviation of a list of numbers.",
    {
        "values": A("float", "The data values."),
        "sample": B("If true, compute the sample standard deviation (divide by n-1); if false, the population standard deviation (divide by n). Default is true."),
    },
    ["values"])

stats_chi_square_gof = fn(
    "stats.chi_square_goodness_of_fit",
    "Runs a chi-square goodness-of-fit test of observed category counts against expected counts.",
    {
        "observed": A("integer", "Observed count in each category."),
        "expected": A("float", "Expected count in each category, same length as observed. Default is a uniform distribution over the categories."),
    },
    ["observed"])

# ---------------------------------------------------------------- sports / fitness
get_league_standings = fn(
    "get_league_standings",
    "Returns the league table (position, played, points) for a season.",
    {
        "league": S("Name of the league, e.g. 'Premier League', 'La Liga', 'NBA'."),
        "season": I("Starting year of the season, e.g. 2024 for the 2024-25 season."),
    },
    ["league", "season"])

get_player_season_stats = fn(
    "get_player_season_stats",
    "Returns an NBA player's per-game averages for one regular season.",
    {
        "player": S("Full name of the player."),
        "season": S("Season in the form YYYY-YY, e.g. '2021-22'."),
    },
    ["player", "season"])

get_match_schedule = fn(
    "get_match_schedule",
    "Lists a team's fixtures, in all competitions, between two dates.",
    {
        "team": S("Team name, e.g. 'Arsenal'."),
        "start_date": S("First date, " + DATE),
        "end_date": S("Last date (inclusive), " + DATE),
    },
    ["team", "start_date", "end_date"])

get_head_to_head = fn(
    "get_head_to_head",
    "Returns the head-to-head record between two tennis players.",
    {
        "player_a": S("Full name of the first player."),
        "player_b": S("Full name of the second player."),
        "surface": S("Court surface to restrict matches to. Default is 'all'.", ["all", "hard", "clay", "grass"]),
    },
    ["player_a", "player_b"])

calculate_pace = fn(
    "calculate_pace",
    "Calculates average running pace, in minutes per kilometre, from distance and total time.",
    {
        "distance_km": F("Distance covered in kilometres."),
        "duration": S("Total elapsed time in HH:MM:SS format."),
    },
    ["distance_km", "duration"])

get_player_stats = fn(
    "get_player_stats",
    "Returns a football (soccer) player's appearances, goals, assists and minutes for a season.",
    {
        "player": S("Full name of the player."),
        "season": I("Starting year of the season, e.g. 2023 for 2023-24."),
        "competition": S("Competition to restrict the stats to, e.g. 'Premier League' or 'Champions League'. Default is all competitions combined."),
    },
    ["player", "season"])

get_live_score = fn(
    "get_live_score",
    "Returns the live score and game clock of a team's match in progress, or the result of its most recent match.",
    {"team": S("Team name, e.g. 'Boston Celtics'.")},
    ["team"])

predict_race_time = fn(
    "predict_race_time",
    "Predicts a finishing time for a target race distance from a recent race result (Riegel formula).",
    {
        "known_distance_km": F("Distance of the recent race, in kilometres."),
        "known_time": S("Finishing time of the recent race, HH:MM:SS."),
        "target_distance_km": F("Distance to predict a time for, in kilometres."),
    },
    ["known_distance_km", "known_time", "target_distance_km"])

calories_burned = fn(
    "calories_burned",
    "Estimates the calories burned by an activity using MET values.",
    {
        "activity": S("Type of activity.", ["running", "cycling", "swimming", "walking", "rowing", "yoga"]),
        "duration_minutes": I("Duration in minutes."),
        "weight_kg": F("Body weight in kilograms."),
    },
    ["activity", "duration_minutes", "weight_kg"])

# ---------------------------------------------------------------- music
get_artist_top_tracks = fn(
    "get_artist_top_tracks",
    "Returns an artist's most popular tracks on the streaming service.",
    {
        "artist": S("Artist or band name."),
        "limit": I("Maximum number of tracks to return, 1-50. Default is 10."),
        "market": S("Two-letter ISO 3166-1 country code whose popularity charts are used. Default is 'US'."),
    },
    ["artist"])

transpose_chords = fn(
    "transpose_chords",
    "Transposes a chord progression by a number of semitones.",
    {
        "chords": A("string", "Chord symbols in order, e.g. ['Am', 'F', 'C', 'G']."),
        "semitones": I("Number of semitones to shift; positive moves up, negative moves down."),
    },
    ["chords", "semitones"])

music_delay_time = fn(
    "tempo_to_delay_ms",
    "Converts a tempo into a delay or reverb time in milliseconds for a note value.",
    {
        "bpm": F("Tempo in beats per minute."),
        "note_value": S("Note length the delay should match. Default is 'quarter'.",
                        ["whole", "half", "quarter", "eighth", "sixteenth"]),
        "dotted": B("Use the dotted note value (1.5 times as long). Default is false."),
    },
    ["bpm"])

get_concerts = fn(
    "get_concerts",
    "Lists an artist's upcoming concerts.",
    {
        "artist": S("Artist or band name."),
        "city": S("Only return concerts in this city. Default is all cities."),
        "start_date": S("Earliest concert date, " + DATE + " Default is today."),
    },
    ["artist"])

create_playlist = fn(
    "create_playlist",
    "Creates a playlist in the user's library from track ids.",
    {
        "name": S("Name of the playlist."),
        "track_ids": A("string", "Streaming-service track ids, in play order."),
        "public": B("Whether other users can find and follow the playlist. Default is false."),
        "description": S("Playlist description. Default is empty."),
    },
    ["name", "track_ids"])

search_songs = fn(
    "search_songs",
    "Searches the catalogue for songs by title, returning artist, album and track id.",
    {
        "query": S("Song title or words from it."),
        "limit": I("Maximum number of results, 1-50. Default is 10."),
    },
    ["query"])

get_album_info = fn(
    "get_album_info",
    "Returns an album's release date, label and track list.",
    {
        "artist": S("Artist or band name."),
        "album": S("Album title."),
    },
    ["artist", "album"])

# ---------------------------------------------------------------- science / units
convert_temperature = fn(
    "convert_temperature",
    "Converts a temperature between Celsius, Fahrenheit and Kelvin.",
    {
        "value": F("Temperature to convert."),
        "from_scale": S("Scale of the given value.", ["celsius", "fahrenheit", "kelvin"]),
        "to_scale": S("Scale to convert to.", ["celsius", "fahrenheit", "kelvin"]),
    },
    ["value", "from_scale", "to_scale"])

projectile_range = fn(
    "projectile_range",
    "Computes the horizontal range, flight time and peak height of a projectile without air resistance.",
    {
        "initial_velocity": F("Launch speed in metres per second."),
        "launch_angle": F("Launch angle above the horizontal, in degrees."),
        "initial_height": F("Height of the launch point above the landing surface, in metres. Default is 0."),
        "gravity": F("Gravitational acceleration in m/s^2. Default is 9.81."),
    },
    ["initial_velocity", "launch_angle"])

convert_units = fn(
    "convert_units",
    "Converts a value between two compatible units of measurement (length, mass, pressure, energy, etc.).",
    {
        "value": F("Value to convert."),
        "from_unit": S("Unit to convert from, as a symbol or name, e.g. 'mi', 'kg', 'psi'."),
        "to_unit": S("Unit to convert to, as a symbol or name, e.g. 'km', 'lb', 'bar'."),
    },
    ["value", "from_unit", "to_unit"])

chemistry_molar_mass = fn(
    "chemistry.molar_mass",
    "Computes the molar mass of a compound in g/mol from its chemical formula.",
    {"formula": S("Chemical formula with standard capitalisation, e.g. 'H2SO4' or 'Ca(NO3)2'.")},
    ["formula"])

radioactive_decay = fn(
    "radioactive_decay",
    "Computes how much of a radioactive substance remains after a period of time.",
    {
        "initial_amount": F("Starting quantity, in any unit; the result uses the same unit."),
        "half_life": F("Half-life of the isotope, in the same time unit as elapsed_time."),
        "elapsed_time": F("Time elapsed, in the same time unit as half_life."),
    },
    ["initial_amount", "half_life", "elapsed_time"])

physics_ohms_law = fn(
    "solve_ohms_law",
    "Given exactly two of voltage, current and resistance, computes the third using V = I * R.",
    {
        "voltage": F("Voltage in volts. Omit if this is the unknown."),
        "current": F("Current in amperes. Omit if this is the unknown."),
        "resistance": F("Resistance in ohms. Omit if this is the unknown."),
    },
    [])

convert_data_size = fn(
    "convert_data_size",
    "Converts between units of digital storage. Decimal units (KB, MB, GB, TB) are powers of 1000; binary units (KiB, MiB, GiB, TiB) are powers of 1024.",
    {
        "value": F("Amount to convert."),
        "from_unit": S("Unit of the given amount.", ["B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB"]),
        "to_unit": S("Unit to convert to.", ["B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB"]),
    },
    ["value", "from_unit", "to_unit"])

SPEED_UNITS = ["km_per_hour", "miles_per_hour", "meters_per_second", "knots"]
convert_speed = fn(
    "convert_speed",
    "Converts a speed between common units.",
    {
        "value": F("Speed to convert."),
        "from_unit": S("Unit of the given speed.", SPEED_UNITS),
        "to_unit": S("Unit to convert to.", SPEED_UNITS),
    },
    ["value", "from_unit", "to_unit"])

chemistry_balance_equation = fn(
    "chemistry.balance_equation",
    "Balances a chemical equation and returns it with stoichiometric coefficients.",
    {"equation": S("Unbalanced equation, reactants and products separated by '->', e.g. 'H2 + O2 -> H2O'.")},
    ["equation"])

physics_kinetic_energy = fn(
    "calculate_kinetic_energy",
    "Computes kinetic energy in joules as 0.5 * m * v^2.",
    {
        "mass_kg": F("Mass in kilograms."),
        "velocity_mps": F("Speed in metres per second."),
    },
    ["mass_kg", "velocity_mps"])

LEN_UNITS = ["mm", "cm", "m", "km", "in", "ft", "yd", "mi"]
convert_length = fn(
    "convert_length",
    "Converts a length between metric and imperial units.",
    {
        "value": F("Length to convert."),
        "from_unit": S("Unit of the given length.", LEN_UNITS),
        "to_unit": S("Unit to convert to.", LEN_UNITS),
    },
    ["value", "from_unit", "to_unit"])

W_UNITS = ["mg", "g", "kg", "oz", "lb", "st"]
convert_weight = fn(
    "convert_weight",
    "Converts a mass between metric and imperial units (st = stone).",
    {
        "value": F("Mass to convert."),
        "from_unit": S("Unit of the given mass.", W_UNITS),
        "to_unit": S("Unit to convert to.", W_UNITS),
    },
    ["value", "from_unit", "to_unit"])

V_UNITS = ["ml", "l", "tsp", "tbsp", "cup", "us_fl_oz", "us_gallon", "imp_gallon"]
convert_volume = fn(
    "convert_volume",
    "Converts a volume between metric, US and imperial units.",
    {
        "value": F("Volume to convert."),
        "from_unit": S("Unit of the given volume.", V_UNITS),
        "to_unit": S("Unit to convert to.", V_UNITS),
    },
    ["value", "from_unit", "to_unit"])

# ---------------------------------------------------------------- travel
search_flights = fn(
    "search_flights",
    "Searches one-way flights and returns fares and schedules.",
    {
        "origin": S("IATA code of the departure airport, e.g. 'JFK'."),
        "destination": S("IATA code of the arrival airport, e.g. 'CDG'."),
        "departure_date": S("Date of departure, " + DATE),
        "passengers": I("Number of adult passengers. Default is 1."),
        "cabin": S("Cabin class. Default is 'economy'.", ["economy", "premium_economy", "business", "first"]),
    },
    ["origin", "destination", "departure_date"])

search_hotels = fn(
    "search_hotels",
    "Searches hotels with availability in a city for the given dates.",
    {
        "city": S("City to stay in."),
        "check_in": S("Check-in date, " + DATE),
        "check_out": S("Check-out date, " + DATE),
        "guests": I("Number of guests. Default is 2."),
        "max_price_per_night": F("Maximum nightly rate in US dollars. Default is no limit."),
    },
    ["city", "check_in", "check_out"])

search_car_rentals = fn(
    "search_car_rentals",
    "Searches rental cars available for pick-up and return at the same location.",
    {
        "pickup_location": S("Airport IATA code or city name."),
        "pickup_date": S("Pick-up date, " + DATE),
        "return_date": S("Return date, " + DATE),
        "car_class": S("Vehicle class. Default is 'any'.", ["any", "economy", "compact", "midsize", "suv", "van", "luxury"]),
    },
    ["pickup_location", "pickup_date", "return_date"])

get_visa_requirements = fn(
    "get_visa_requirements",
    "Returns entry and visa requirements for a traveller of one nationality visiting a country.",
    {
        "passport_country": S(ISO2 + " of the country that issued the passport, e.g. 'US'."),
        "destination_country": S(ISO2 + " of the country to visit, e.g. 'TH'."),
        "purpose": S("Purpose of the trip. Default is 'tourism'.", ["tourism", "business", "transit", "study"]),
    },
    ["passport_country", "destination_country"])

get_travel_advisory = fn(
    "get_travel_advisory",
    "Returns the current government travel advisory level and warnings for a country.",
    {"country": S("Country name in English or " + ISO2 + ".")},
    ["country"])

get_flight_status = fn(
    "get_flight_status",
    "Returns the live status (scheduled, delayed, departed, landed) and gate information of a flight.",
    {
        "flight_number": S("Airline IATA code followed by the flight number, e.g. 'LH400'."),
        "date": S("Scheduled departure date, " + DATE),
    },
    ["flight_number", "date"])

get_plug_type = fn(
    "get_plug_type",
    "Returns the electrical plug types, voltage and frequency used in a country.",
    {"country": S("Country name in English.")},
    ["country"])

# ---------------------------------------------------------------- shopping
track_package = fn(
    "track_package",
    "Returns the latest tracking events and estimated delivery date of a parcel.",
    {
        "tracking_number": S("Tracking number as printed on the label."),
        "carrier": S("Shipping carrier.", ["ups", "fedex", "usps", "dhl"]),
    },
    ["tracking_number", "carrier"])

search_products = fn(
    "search_products",
    "Searches the store catalogue.",
    {
        "query": S("Search words, e.g. 'running shoes'."),
        "max_price": F("Maximum price in US dollars. Default is no limit."),
        "sort_by": S("Result order. Default is 'relevance'.", ["relevance", "price_asc", "price_desc", "rating", "newest"]),
    },
    ["query"])

add_to_cart = fn(
    "add_to_cart",
    "Adds a product to the user's shopping cart.",
    {
        "product_id": S("Product id or SKU."),
        "quantity": I("Number of units to add. Default is 1."),
    },
    ["product_id"])

get_product_reviews = fn(
    "get_product_reviews",
    "Returns customer reviews of a product.",
    {
        "product_id": S("Product id, e.g. 'B07PGL2ZSL'."),
        "sort": S("Order of the reviews. Default is 'most_helpful'.",
                  ["most_helpful", "most_recent", "highest_rating", "lowest_rating"]),
        "limit": I("Maximum number of reviews to return. Default is 10."),
        "min_rating": I("Only return reviews with at least this many stars, 1-5. Default is 1."),
    },
    ["product_id"])

estimate_shipping = fn(
    "estimate_shipping",
    "Estimates the cost and delivery time of sending a parcel internationally.",
    {
        "weight_kg": F("Parcel weight in kilograms."),
        "from_country": S(ISO2 + " of the sending country."),
        "to_country": S(ISO2 + " of the destination country."),
        "service": S("Service level. Default is 'standard'.", ["economy", "standard", "express"]),
        "dimensions": D("Outer dimensions of the parcel, used for volumetric pricing. Default is to price by weight only.", {
            "length_cm": F("Length in centimetres."),
            "width_cm": F("Width in centimetres."),
            "height_cm": F("Height in centimetres."),
        }, ["length_cm", "width_cm", "height_cm"]),
    },
    ["weight_kg", "from_country", "to_country"])

initiate_return = fn(
    "initiate_return",
    "Starts a return for an item from a past order and emails a return label.",
    {
        "order_id": S("Order number, e.g. '112-1234567'."),
        "item_id": S("Id of the item in the order to return."),
        "reason": S("Reason for the return.", ["damaged", "wrong_item", "not_as_described", "no_longer_needed", "other"]),
    },
    ["order_id", "item_id", "reason"])

set_price_alert = fn(
    "set_price_alert",
    "Emails the user when a product's price falls below a target.",
    {
        "product_id": S("Product id, e.g. 'B07PGL2ZSL'."),
        "target_price": F("Price threshold in US dollars."),
        "email": S("Email address to notify."),
    },
    ["product_id", "target_price", "email"])
