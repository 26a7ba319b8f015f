"""The 60 multiple questions: (user message, offered functions, right function, answer args).

Each group of neighbouring functions is used for two or three questions, each
needing a different one of them. The build script shuffles the order of the
offered functions per question and the order of the questions.
"""
from funcs import *  # noqa: F401,F403

WEATHER = [get_current_weather, get_forecast, get_air_quality]
FIN = [finance_compound_interest, finance_present_value, finance_amortization_schedule]
TRAVEL = [search_flights, search_hotels, search_car_rentals, get_flight_status]
CAL = [create_calendar_event, list_events, delete_event]
MSG = [send_email, send_sms, post_slack_message]
NUM = [math_gcd, math_lcm, math_is_prime]
DESC = [stats_mean, stats_median, stats_std_dev]
SPORT = [get_league_standings, get_player_stats, get_live_score]
COOK = [get_ingredient_substitute, get_nutrition_info, convert_cooking_units]
FILES = [list_directory, move_file, get_file_info, delete_file]
SHOP = [search_products, track_package, initiate_return]
GEO = [geo_distance, geo_geocode, geo_reverse_geocode, geo_timezone]
UNITS = [convert_length, convert_weight, convert_volume]
HEALTH = [calculate_bmi, calculate_bmr, check_drug_interaction]
MUSIC = [search_songs, get_artist_top_tracks, get_album_info]
SCI = [chemistry_molar_mass, chemistry_balance_equation, physics_kinetic_energy]
MONEY = [convert_currency, get_exchange_rate, split_bill]
TIME = [convert_timezone, count_days_between, get_public_holidays]
CONTACTS = [search_contacts, add_contact, block_number]
TESTS = [stats_t_test_independent, stats_chi_square_gof, stats_correlation]
TRIP = [get_visa_requirements, get_plug_type]
STORE = [search_products, get_product_reviews, set_price_alert]
CALC = [math_derivative, math_definite_integral, math_limit]
RUN = [calculate_pace, predict_race_time, calories_burned]
DOCS = [convert_document, compute_file_hash]

MULTIPLE = [
    # weather
    ("is it gonna rain in manchester over the next 3 days?", WEATHER, get_forecast,
     {"location": ["Manchester", "Manchester, UK", "Manchester, England"], "days": [3], "units": ["", "metric"]}),
    ("How bad is the air in Delhi today? Mainly worried about PM2.5.", WEATHER, get_air_quality,
     {"location": ["Delhi", "New Delhi", "Delhi, India", "New Delhi, India"], "pollutant": ["pm25"]}),
    ("whats the temp in phoenix right now, in fahrenheit", WEATHER, get_current_weather,
     {"location": ["Phoenix", "Phoenix, AZ", "Phoenix, Arizona"], "units": ["imperial"]}),
    # finance
    ("How much would I need to invest today to have $50,000 in 15 years if I can earn 7% a year?", FIN,
     finance_present_value,
     {"future_value": [50000.0], "annual_rate": [0.07], "years": [15]}),
    ("Give me the full payment-by-payment breakdown for a 5-year, $25,000 car loan at 5.9%. First payment is due Feb 1, 2027.",
     FIN, finance_amortization_schedule,
     {"principal": [25000.0], "annual_rate": [0.059], "years": [5], "first_payment_date": ["2027-02-01"]}),
    # travel
    ("Is BA 283 on 18 March 2027 running late?", TRAVEL, get_flight_status,
     {"flight_number": ["BA283"], "date": ["2027-03-18"]}),
    ("Find me somewhere to stay in Kyoto from Oct 3 to Oct 7, 2027. There'll be three of us.", TRAVEL, search_hotels,
     {"city": ["Kyoto"], "check_in": ["2027-10-03"], "check_out": ["2027-10-07"], "guests": [3],
      "max_price_per_night": [""]}),
    ("one way SFO to ORD on 15 Jan 2027, just me, economy is fine", TRAVEL, search_flights,
     {"origin": ["SFO"], "destination": ["ORD"], "departure_date": ["2027-01-15"], "passengers": ["", 1],
      "cabin": ["", "economy"]}),
    # calendar
    ("what's on my calendar between April 5 and April 9, 2027?", CAL, list_events,
     {"start_date": ["2027-04-05"], "end_date": ["2027-04-09"]}),
    ("cancel evt_88213. don't send the attendees a cancellation notice though", CAL, delete_event,
     {"event_id": ["evt_88213"], "notify_attendees": [False]}),
    ("Block out June 1st 2027 from 1pm to 2:30pm for the Quarterly review.", CAL, create_calendar_event,
     {"title": ["Quarterly review"], "start": ["2027-06-01T13:00"], "duration_minutes": [90],
      "location": [""], "attendees": [""]}),
    # messaging
    ("text my sister at +44 7700 900123: 'Landed, see you at baggage claim'", MSG, send_sms,
     {"phone_number": ["+447700900123"], "message": ["Landed, see you at baggage claim"]}),
    ("Let #oncall know: db failover starting at 22:00 UTC", MSG, post_slack_message,
     {"channel": ["#oncall"], "text": ["db failover starting at 22:00 UTC"], "thread_ts": [""]}),
    ("Send an email to priya@studio.co and cc mark@studio.co. Subject: 'Invoice #2291'. Body: 'Hi Priya, the invoice is attached. Thanks!'",
     MSG, send_email,
     {"to": [["priya@studio.co"]], "subject": ["Invoice #2291"],
      "body": ["Hi Priya, the invoice is attached. Thanks!", "Hi Priya, the invoice is attached. Thanks"],
      "cc": [["mark@studio.co"]]}),
    # number theory
    ("lcm of 12, 18 and 30?", NUM, math_lcm,
     {"numbers": [[12, 18, 30]]}),
    ("Is 1,000,003 a prime number?", NUM, math_is_prime,
     {"n": [1000003]}),
    # descriptive stats
    ("What's the standard deviation of 4, 8, 15, 16, 23, 42? These are the whole population, not a sample.", DESC,
     stats_std_dev,
     {"values": [[4.0, 8.0, 15.0, 16.0, 23.0, 42.0]], "sample": [False]}),
    ("median of these house prices: $310k, $450k, $289k, $520k, $375k", DESC, stats_median,
     {"values": [[310000.0, 450000.0, 289000.0, 520000.0, 375000.0]]}),
    # sports
    ("who's top of the Bundesliga in the 2025-26 season?", SPORT, get_league_standings,
     {"league": ["Bundesliga", "German Bundesliga"], "season": [2025]}),
    ("Erling Haaland's numbers for the 2024-25 season, Premier League games only", SPORT, get_player_stats,
     {"player": ["Erling Haaland", "Haaland"], "season": [2024],
      "competition": ["Premier League", "English Premier League", "EPL"]}),
    ("score of the lakers game rn?", SPORT, get_live_score,
     {"team": ["Los Angeles Lakers", "Lakers", "LA Lakers"]}),
    # cooking
    ("I'm halfway through making pancakes and realised I'm out of buttermilk. What can I use instead?", COOK,
     get_ingredient_substitute,
     {"ingredient": ["buttermilk"]}),
    ("how many calories in 150 grams of cooked brown rice?", COOK, get_nutrition_info,
     {"food": ["cooked brown rice", "brown rice", "brown rice, cooked"], "quantity_grams": [150.0]}),
    ("how many tablespoons are in 3/4 of a cup?", COOK, convert_cooking_units,
     {"quantity": [0.75], "from_unit": ["cup"], "to_unit": ["tablespoon"], "ingredient": [""]}),
    # files
    ("move report.pdf from ~/Downloads into ~/Documents/work", FILES, move_file,
     {"source": ["~/Downloads/report.pdf"], "destination": ["~/Documents/work", "~/Documents/work/report.pdf"]}),
    ("show me everything in /etc/nginx, hidden files too", FILES, list_directory,
     {"path": ["/etc/nginx"], "show_hidden": [True]}),
    ("how big is /var/log/syslog and when was it last modified?", FILES, get_file_info,
     {"path": ["/var/log/syslog"]}),
    # shopping
    ("I need to return the blender from order 112-7781934 (item B07XJ8C8F5). It showed up with the jug cracked.", SHOP,
     initiate_return,
     {"order_id": ["112-7781934"], "item_id": ["B07XJ8C8F5"], "reason": ["damaged"]}),
    ("where's my fedex parcel? 7749 1234 5678", SHOP, track_package,
     {"tracking_number": ["774912345678"], "carrier": ["fedex"]}),
    # geo
    ("what's the street address at 51.5007, -0.1246?", GEO, geo_reverse_geocode,
     {"latitude": [51.5007], "longitude": [-0.1246]}),
    ("Which time zone is 35.6762, 139.6503 in?", GEO, geo_timezone,
     {"latitude": [35.6762], "longitude": [139.6503]}),
    ("straight-line distance between 34.0522, -118.2437 and 36.1699, -115.1398, in km", GEO, geo_distance,
     {"lat1": [34.0522], "lon1": [-118.2437], "lat2": [36.1699], "lon2": [-115.1398], "unit": ["", "km"]}),
    # units
    ("how many centimetres is 71 inches", UNITS, convert_length,
     {"value": [71.0], "from_unit": ["in"], "to_unit": ["cm"]}),
    ("Convert 12 US gallons to litres.", UNITS, convert_volume,
     {"value": [12.0], "from_unit": ["us_gallon"], "to_unit": ["l"]}),
    ("185 lbs in kg?", UNITS, convert_weight,
     {"value": [185.0], "from_unit": ["lb"], "to_unit": ["kg"]}),
    # health
    ("What's the basal metabolic rate of a 29-year-old man who's 180 cm and 77 kg? Use Harris-Benedict.", HEALTH,
     calculate_bmr,
     {"age": [29], "sex": ["male"], "weight_kg": [77.0], "height_cm": [180.0], "formula": ["harris_benedict"]}),
    ("can sertraline and tramadol be taken together?", HEALTH, check_drug_interaction,
     {"drug_a": ["sertraline", "tramadol"], "drug_b": ["tramadol", "sertraline"]}),
    # music
    ("tracklist for Abbey Road by the Beatles", MUSIC, get_album_info,
     {"artist": ["The Beatles", "Beatles"], "album": ["Abbey Road"]}),
    ("find songs called Hallelujah, give me 15 results", MUSIC, search_songs,
     {"query": ["Hallelujah"], "limit": [15]}),
    # science
    ("balance this for me: Fe + O2 -> Fe2O3", SCI, chemistry_balance_equation,
     {"equation": ["Fe + O2 -> Fe2O3"]}),
    ("kinetic energy of a 1,200 kg car doing 25 m/s?", SCI, physics_kinetic_energy,
     {"mass_kg": [1200.0], "velocity_mps": [25.0]}),
    # money
    ("What was the GBP to USD rate on 31 December 2025?", MONEY, get_exchange_rate,
     {"base": ["GBP"], "quote": ["USD"], "date": ["2025-12-31"]}),
    ("there's six of us and the bill is 342.60, we want to leave a 20% tip. what does everyone pay?", MONEY, split_bill,
     {"total": [342.6], "people": [6], "tip_percent": [20.0]}),
    ("how much is 1,500 swiss francs in euros", MONEY, convert_currency,
     {"amount": [1500.0], "from_currency": ["CHF"], "to_currency": ["EUR"], "round_to": ["", 2]}),
    # time
    ("how many days from Jan 1 2027 until Sept 15 2027?", TIME, count_days_between,
     {"start_date": ["2027-01-01"], "end_date": ["2027-09-15"], "business_days_only": ["", False], "country": [""]}),
    ("I have a call at 16:00 London time on 3 Feb 2027. What time is that for my colleague in LA?", TIME,
     convert_timezone,
     {"datetime": ["2027-02-03 16:00"], "from_tz": ["Europe/London"],
      "to_tz": ["America/Los_Angeles", "US/Pacific"]}),
    # contacts
    ("Save a new contact: Lucía Fernández, +34 612 345 678, lucia.f@correo.es. She lives at Calle Mayor 12, 28013 Madrid, Spain.",
     CONTACTS, add_contact,
     {"name": ["Lucía Fernández", "Lucia Fernandez"], "phone": ["+34612345678"], "email": ["lucia.f@correo.es"],
      "address": [{"street": ["Calle Mayor 12"], "city": ["Madrid"], "postal_code": ["28013"],
                   "country": ["Spain", "ES"]}]}),
    ("block +1 (202) 555-0147, they keep spamming me", CONTACTS, block_number,
     {"phone_number": ["+12025550147"]}),
    # tests
    ("I rolled a four-sided die 100 times and got 18, 22, 20 and 40 of each face. Run a chi-square goodness-of-fit test against a fair die (25 each).",
     TESTS, stats_chi_square_gof,
     {"observed": [[18, 22, 20, 40]], "expected": ["", [25.0, 25.0, 25.0, 25.0]]}),
    ("correlation between ad spend (1.2, 2.5, 3.1, 4.0, 5.6) and sales (10, 14, 15, 21, 24)?", TESTS,
     stats_correlation,
     {"x": [[1.2, 2.5, 3.1, 4.0, 5.6]], "y": [[10.0, 14.0, 15.0, 21.0, 24.0]], "method": ["", "pearson"]}),
    # trip
    ("what plugs do they use in south africa? need to know which adapter to buy", TRIP, get_plug_type,
     {"country": ["South Africa"]}),
    ("Do I need a visa for Brazil on an Indian passport? It's for a business conference.", TRIP,
     get_visa_requirements,
     {"passport_country": ["IN"], "destination_country": ["BR"], "purpose": ["business"]}),
    # store
    ("let me know when B09G9FPHY6 drops below $199. email me at sam.k@mail.com", STORE, set_price_alert,
     {"product_id": ["B09G9FPHY6"], "target_price": [199.0], "email": ["sam.k@mail.com"]}),
    ("find me a standing desk under 400 dollars, best rated first", STORE, search_products,
     {"query": ["standing desk"], "max_price": [400.0], "sort_by": ["rating"]}),
    # calculus
    ("second derivative of x^3 * e^x", CALC, math_derivative,
     {"expression": ["x**3*exp(x)", "x**3*E**x", "exp(x)*x**3"],
      "variable": ["", "x"], "order": [2]}),
    ("limit of sin(x)/x as x goes to 0", CALC, math_limit,
     {"expression": ["sin(x)/x"], "point": [0.0], "direction": ["", "both"]}),
    # running
    ("I ran a 5K in 24:10 last weekend. What could I realistically run a half marathon in?", RUN, predict_race_time,
     {"known_distance_km": [5.0], "known_time": ["00:24:10", "0:24:10"],
      "target_distance_km": [21.0975, 21.097, 21.1]}),
    ("how many calories would I burn swimming for 45 minutes? I weigh 70 kg", RUN, calories_burned,
     {"activity": ["swimming"], "duration_minutes": [45], "weight_kg": [70.0]}),
    # docs
    ("md5 of backup.tar?", DOCS, compute_file_hash,
     {"path": ["backup.tar"], "algorithm": ["md5"]}),
    ("Convert thesis.docx to PDF please, my supervisor can't open Word files", DOCS, convert_document,
     {"input_path": ["thesis.docx"], "output_format": ["pdf"]}),
]
