"""The 80 simple questions: (user message, the one offered function, answer args)."""
from funcs import *  # noqa: F401,F403

NY = ["America/New_York", "US/Eastern"]

SIMPLE = [
    # 0
    ("I'm heading to Tokyo next month and I've still got 250 euros left over from my last trip. Roughly how many yen is that worth these days?",
     convert_currency,
     {"amount": [250.0], "from_currency": ["EUR"], "to_currency": ["JPY"], "round_to": ["", 2]}),
    # 1
    ("weather in oslo rn?",
     get_current_weather,
     {"location": ["Oslo", "Oslo, Norway"], "units": ["", "metric"]}),
    # 2
    ("We're looking at a $320,000 mortgage, 30 year fixed at 6.25%. What would the monthly payment come out to?",
     finance_loan_payment,
     {"principal": [320000.0], "annual_rate": [0.0625], "years": [30], "payments_per_year": ["", 12]}),
    # 3
    ("How far apart are 48.8566, 2.3522 and 51.5074, -0.1278 as the crow flies? In miles please.",
     geo_distance,
     {"lat1": [48.8566], "lon1": [2.3522], "lat2": [51.5074], "lon2": [-0.1278], "unit": ["mi"]}),
    # 4
    ("Im 178 cm tall and weigh 82.5kg, whats my bmi",
     calculate_bmi,
     {"weight_kg": [82.5], "height_cm": [178.0]}),
    # 5
    ("The recipe is American and says 2 1/2 cups of flour, but I only have a kitchen scale. How many grams is that?",
     convert_cooking_units,
     {"quantity": [2.5], "from_unit": ["cup"], "to_unit": ["gram"], "ingredient": ["flour"]}),
    # 6
    ("can you zip up report_q3.pdf and figures.xlsx into one file called q3_bundle.zip",
     compress_files,
     {"paths": [["report_q3.pdf", "figures.xlsx"]], "archive_name": ["q3_bundle.zip"]}),
    # 7
    ("Put a dentist appointment in my calendar for March 14th 2027 at 3:30pm. It usually takes about 45 min.",
     create_calendar_event,
     {"title": ["Dentist appointment", "Dentist", "Dentist Appt"], "start": ["2027-03-14T15:30"],
      "duration_minutes": [45], "location": [""], "attendees": [""]}),
    # 8
    ("Text +1 415 555 0192 for me: Running 10 minutes late, start without me",
     send_sms,
     {"phone_number": ["+14155550192"], "message": ["Running 10 minutes late, start without me"]}),
    # 9
    ("what are the roots of 2x² − 3x − 5 = 0",
     solve_quadratic,
     {"a": [2.0], "b": [-3.0], "c": [-5.0]}),
    # 10
    ("Here are the API response times from this morning, in ms: 120, 95, 210, 180, 130, 99, 300, 145. What's the p90?",
     stats_percentile,
     {"values": [[120.0, 95.0, 210.0, 180.0, 130.0, 99.0, 300.0, 145.0]], "percentile": [90.0],
      }),
    # 11
    ("Show me the final Premier League table for 2023/24.",
     get_league_standings,
     {"league": ["Premier League", "English Premier League", "EPL"], "season": [2023]}),
    # 12
    ("what are radiohead's 5 most popular songs?",
     get_artist_top_tracks,
     {"artist": ["Radiohead"], "limit": [5], "market": ["", "US"]}),
    # 13
    ("My thermometer says 98.6°F. What's that in Celsius?",
     convert_temperature,
     {"value": [98.6], "from_scale": ["fahrenheit"], "to_scale": ["celsius"]}),
    # 14
    ("What was Brazil's population in 2010?",
     get_country_population,
     {"country": ["Brazil"], "year": [2010]}),
    # 15
    ("Need flights JFK to Heathrow on June 5, 2027 for 2 adults, business class.",
     search_flights,
     {"origin": ["JFK"], "destination": ["LHR"], "departure_date": ["2027-06-05"], "passengers": [2],
      "cabin": ["business"]}),
    # 16
    ("Where's my UPS pacakge?? tracking number is 1Z999AA10123456784",
     track_package,
     {"tracking_number": ["1Z999AA10123456784"], "carrier": ["ups"]}),
    # 17
    ("A football is kicked from the ground at 20 m/s at an angle of 35 degrees. Ignoring air resistance, how far does it travel before it lands?",
     projectile_range,
     {"initial_velocity": [20.0], "launch_angle": [35.0], "initial_height": ["", 0.0], "gravity": ["", 9.81]}),
    # 18
    ("I'm a 34 year old woman, 165cm, 60 kilos, and I work out 4 times a week. How many calories should I be eating a day to stay at this weight?",
     calculate_daily_calories,
     {"age": [34], "sex": ["female"], "weight_kg": [60.0], "height_cm": [165.0], "activity_level": ["moderate"]}),
    # 19
    ("i've got chickpeas, spinach and a can of coconut milk. any vegan recipes I could make in under 30 mins?",
     find_recipes,
     {"ingredients": [["chickpeas", "spinach", "coconut milk"]], "max_prep_minutes": [30], "diet": ["vegan"]}),
    # 20
    ("List all the .csv files in /home/maria/data. Just that folder, not the subfolders.",
     search_files,
     {"directory": ["/home/maria/data"], "pattern": ["*.csv"], "recursive": [False]}),
    # 21
    ("Find a 30-minute slot on 9 Feb 2027 when both ana@acme.io and raj@acme.io are free.",
     find_free_slots,
     {"participants": [["ana@acme.io", "raj@acme.io"]], "date": ["2027-02-09"], "duration_minutes": [30]}),
    # 22
    ("email tom.baker@example.com with the subject 'Lunch Friday' and just say 'Are we still on for 12:30?'",
     send_email,
     {"to": [["tom.baker@example.com"]], "subject": ["Lunch Friday"],
      "body": ["Are we still on for 12:30?", "Are we still on for 12:30"], "cc": [""]}),
    # 23
    ("factorise 123456789 into primes pls",
     math_prime_factorize,
     {"n": [123456789]}),
    # 24
    ("I'm comparing two classes' test scores. Class A: 82, 75, 91, 68, 88. Class B: 70, 65, 80, 72, 60. Can you run a two-sample t-test assuming equal variances?",
     stats_t_test_independent,
     {"sample_a": [[82.0, 75.0, 91.0, 68.0, 88.0]], "sample_b": [[70.0, 65.0, 80.0, 72.0, 60.0]],
      "equal_variance": [True], "alpha": ["", 0.05]}),
    # 25
    ("What were Nikola Jokić's per-game averages in the 2022-23 season?",
     get_player_season_stats,
     {"player": ["Nikola Jokić", "Nikola Jokic"], "season": ["2022-23"]}),
    # 26
    ("Our singer wants the song a bit higher. Can you transpose G - Em - C - D up two semitones?",
     transpose_chords,
     {"chords": [["G", "Em", "C", "D"]], "semitones": [2]}),
    # 27
    ("look for wireless earbuds under $80, cheapest first",
     search_products,
     {"query": ["wireless earbuds"], "max_price": [80.0], "sort_by": ["price_asc"]}),
    # 28
    ("I have a Canadian passport and I'm planning a two-week holiday in Vietnam. Do I need a visa?",
     get_visa_requirements,
     {"passport_country": ["CA"], "destination_country": ["VN"], "purpose": ["", "tourism"]}),
    # 29
    ("If it's 9am on January 20, 2027 in New York, what time is it in Sydney?",
     convert_timezone,
     {"datetime": ["2027-01-20 09:00"], "from_tz": NY, "to_tz": ["Australia/Sydney"]}),
    # 30
    ("how many km is a marathon? it's 26.2 miles right",
     convert_units,
     {"value": [26.2], "from_unit": ["mi", "mile", "miles"],
      "to_unit": ["km", "kilometer", "kilometers", "kilometre", "kilometres"]}),
    # 31
    ("What's the molar mass of calcium hydroxide, Ca(OH)2?",
     chemistry_molar_mass,
     {"formula": ["Ca(OH)2"]}),
    # 32
    ("If I put 10k into a savings account paying 4.5% compounded monthly and leave it alone for 8 years, how much will I end up with?",
     calculate_compound_interest,
     {"principal": [10000.0], "annual_rate": [0.045], "years": [8], "compounds_per_year": [12]}),
    # 33
    ("NVDA price right now?",
     finance_stock_quote,
     {"ticker": ["NVDA"]}),
    # 34
    ("My doctor just put me on lisinopril. Is it ok to take ibuprofen with it for my sore back?",
     check_drug_interaction,
     {"drug_a": ["lisinopril", "ibuprofen"], "drug_b": ["ibuprofen", "lisinopril"]}),
    # 35
    ("remind me to water the plants every week, starting Saturday April 3rd 2027 at 9 in the morning",
     set_reminder,
     {"message": ["water the plants"], "remind_at": ["2027-04-03 09:00"], "repeat": ["weekly"]}),
    # 36
    ("post 'deploy finished ✅' in #releases",
     post_slack_message,
     {"channel": ["#releases"], "text": ["deploy finished ✅"], "thread_ts": [""]}),
    # 37
    ("What's the elevation at 27.9881° N, 86.9250° E?",
     get_elevation,
     {"latitude": [27.9881], "longitude": [86.925]}),
    # 38
    ("Evaluate the integral of x^2 sin(x) from 0 to 2.",
     math_definite_integral,
     {"expression": ["x**2*sin(x)", "sin(x)*x**2"], "lower": [0.0], "upper": [2.0]}),
    # 39
    ("when does Barça play in March 2027? the whole month",
     get_match_schedule,
     {"team": ["FC Barcelona", "Barcelona", "Barça", "Barca", "FC Barça"], "start_date": ["2027-03-01"],
      "end_date": ["2027-03-31"]}),
    # 40
    ("how much protein is in 250g of plain greek yogurt",
     get_nutrition_info,
     {"food": ["plain greek yogurt", "greek yogurt"], "quantity_grams": [250.0]}),
    # 41
    ("Rename /docs/draft_v3.docx to final.docx. There's already a final.docx in that folder, just overwrite it.",
     rename_file,
     {"path": ["/docs/draft_v3.docx"], "new_name": ["final.docx"], "overwrite": [True]}),
    # 42
    ("Add three of SKU-44821 to my cart",
     add_to_cart,
     {"product_id": ["SKU-44821"], "quantity": [3]}),
    # 43
    ("hotel in lisbon from 12 to 15 august 2027, 2 of us, max $150 a night",
     search_hotels,
     {"city": ["Lisbon", "Lisboa"], "check_in": ["2027-08-12"], "check_out": ["2027-08-15"], "guests": ["", 2],
      "max_price_per_night": [150.0]}),
    # 44
    ("wat time does the sun rise in Reykjavik on 21 June 2027?",
     get_sun_times,
     {"location": ["Reykjavik", "Reykjavík", "Reykjavik, Iceland", "Reykjavík, Iceland"], "date": ["2027-06-21"]}),
    # 45
    ("Fit a straight line to this data: x = 1, 2, 3, 4, 5 and y = 2.1, 3.9, 6.2, 8.1, 9.8. I need the slope and intercept.",
     stats_linear_regression,
     {"x": [[1.0, 2.0, 3.0, 4.0, 5.0]], "y": [[2.1, 3.9, 6.2, 8.1, 9.8]]}),
    # 46
    ("what delay time in ms should I dial in for dotted eighth notes at 128 bpm?",
     music_delay_time,
     {"bpm": [128.0], "note_value": ["eighth"], "dotted": [True]}),
    # 47
    ("get me the lat/long for 1600 Amphitheatre Parkway, Mountain View, CA",
     geo_geocode,
     {"address": ["1600 Amphitheatre Parkway, Mountain View, CA", "1600 Amphitheatre Parkway, Mountain View, CA, USA",
                  "1600 Amphitheatre Parkway, Mountain View, California"]}),
    # 48
    ("dinner came to $186.40 for the 4 of us. with an 18% tip how much does each person owe?",
     split_bill,
     {"total": [186.4], "people": [4], "tip_percent": [18.0]}),
    # 49
    ("What should my heart-rate training zones be? I'm 42 and my resting HR is 58.",
     heart_rate_zones,
     {"age": [42], "resting_heart_rate": [58]}),
    # 50
    ("What's the probability of getting exactly 7 heads in 10 flips of a fair coin?",
     math_binomial_probability,
     {"n": [10], "k": [7], "p": [0.5], "cumulative": ["", False]}),
    # 51
    ("How many MiB is 3.5 GB?",
     convert_data_size,
     {"value": [3.5], "from_unit": ["GB"], "to_unit": ["MiB"]}),
    # 52
    ("I ran 10k this morning in 52 minutes 30 seconds. What was my pace per km?",
     calculate_pace,
     {"distance_km": [10.0], "duration": ["00:52:30", "0:52:30"]}),
    # 53
    ("I need a rental car at Denver airport from July 2 to July 9, 2027, preferably an SUV since we're heading into the mountains.",
     search_car_rentals,
     {"pickup_location": ["DEN", "Denver airport", "Denver International Airport", "Denver"],
      "pickup_date": ["2027-07-02"], "return_date": ["2027-07-09"], "car_class": ["suv"]}),
    # 54
    ("show me the 20 most recent reviews for B08N5WRWNW",
     get_product_reviews,
     {"product_id": ["B08N5WRWNW"], "sort": ["most_recent"], "limit": [20], "min_rating": ["", 1]}),
    # 55
    ("making mushroom risotto tonight. what white wine would go well with it?",
     get_wine_pairing,
     {"dish": ["mushroom risotto"], "wine_color": ["white"]}),
    # 56
    ("Can you get me the SHA-256 checksum of ~/Downloads/ubuntu-24.04.iso? I want to verify the download.",
     compute_file_hash,
     {"path": ["~/Downloads/ubuntu-24.04.iso"], "algorithm": ["", "sha256"]}),
    # 57
    ("list the public holidays in Germany for 2027",
     get_public_holidays,
     {"country": ["DE"], "year": [2027]}),
    # 58
    ("how do you say 'where is the train station?' in japanese",
     translate_text,
     {"text": ["where is the train station?", "where is the train station"], "target_language": ["ja"],
      "source_language": ["", "en"]}),
    # 59
    ("any coffee shops within 500 m of 40.7411, -73.9897?",
     find_nearby_places,
     {"latitude": [40.7411], "longitude": [-73.9897], "category": ["cafe"], "radius_m": [500]}),
    # 60
    ("A patient was given 200 mg of iodine-131, which has a half-life of 8.02 days. How much is left after 30 days?",
     radioactive_decay,
     {"initial_amount": [200.0], "half_life": [8.02], "elapsed_time": [30.0]}),
    # 61
    ("How many people do I need to survey to get a ±3% margin of error at 99% confidence? The population is around 25,000.",
     stats_sample_size,
     {"margin_of_error": [0.03], "confidence_level": [0.99], "population_size": [25000],
      "expected_proportion": ["", 0.5]}),
    # 62
    ("is billie eilish playing in london anytime soon?",
     get_concerts,
     {"artist": ["Billie Eilish"], "city": ["London"], "start_date": [""]}),
    # 63
    ("Can I get the USD to MXN exchange rate history for Q1 2026 (Jan 1 to Mar 31)? Weekly points are fine.",
     get_exchange_rate_history,
     {"base": ["USD"], "quote": ["MXN"], "start_date": ["2026-01-01"], "end_date": ["2026-03-31"],
      "interval": ["weekly"]}),
    # 64
    ("How much water should I be drinking per day? I'm 72 kg, I exercise about 45 minutes daily and I live somewhere really hot.",
     water_intake_recommendation,
     {"weight_kg": [72.0], "exercise_minutes": [45], "climate": ["hot"]}),
    # 65
    ("convert hex 3FA7 to binary",
     math_base_convert,
     {"number": ["3FA7"], "from_base": [16], "to_base": [2]}),
    # 66
    ("What's the Djokovic vs Nadal head to head on clay?",
     get_head_to_head,
     {"player_a": ["Novak Djokovic", "Djokovic", "Rafael Nadal", "Nadal"],
      "player_b": ["Rafael Nadal", "Nadal", "Novak Djokovic", "Djokovic"], "surface": ["clay"]}),
    # 67
    ("are there any travel warnings for Peru at the moment?",
     get_travel_advisory,
     {"country": ["Peru", "PE"]}),
    # 68
    ("How much would it cost to send a 2.3 kg parcel from Germany to France by express? The box is 40 x 30 x 20 cm.",
     estimate_shipping,
     {"weight_kg": [2.3], "from_country": ["DE"], "to_country": ["FR"], "service": ["express"],
      "dimensions": [{"length_cm": [40.0], "width_cm": [30.0], "height_cm": [20.0]}]}),
    # 69
    ("turn notes.md into a pdf",
     convert_document,
     {"input_path": ["notes.md"], "output_format": ["pdf"]}),
    # 70
    ("How many working days are there between 3 May 2027 and 28 May 2027? I'm in the UK so leave out bank holidays too.",
     count_days_between,
     {"start_date": ["2027-05-03"], "end_date": ["2027-05-28"], "business_days_only": [True], "country": ["GB"]}),
    # 71
    ("How long is the drive from Edinburgh to Inverness?",
     geo_route_distance,
     {"origin": ["Edinburgh", "Edinburgh, UK", "Edinburgh, Scotland"],
      "destination": ["Inverness", "Inverness, UK", "Inverness, Scotland"]}),
    # 72
    ("What current flows through a 220 ohm resistor with 9V across it?",
     physics_ohms_law,
     {"voltage": [9.0], "current": [""], "resistance": [220.0]}),
    # 73
    ("wind's gusting at 30 knots out on the water. what's that in km/h?",
     convert_speed,
     {"value": [30.0], "from_unit": ["knots"], "to_unit": ["km_per_hour"]}),
    # 74
    ("find dr. patel's number in my contacts",
     search_contacts,
     {"query": ["Dr. Patel", "Patel"]}),
    # 75
    ("Eight runners in the final. How many different ways can the gold, silver and bronze be handed out?",
     math_permutations,
     {"n": [8], "r": [3]}),
    # 76
    ("My last period started on 9 November 2026 and my cycles are usually 30 days long. When would my due date be?",
     estimate_due_date,
     {"last_period_start": ["2026-11-09"], "cycle_length_days": [30]}),
    # 77
    ("what's the sales tax on a $1,299 laptop bought in Austin, Texas?",
     calculate_sales_tax,
     {"amount": [1299.0], "state": ["TX"], "city": ["Austin"]}),
    # 78
    ("Make a public playlist called 'Sunday Run' with tracks 4uLU6hMCjMI75M1A2tKUQC and 7ouMYWpwJ422jRcDASZB7P",
     create_playlist,
     {"name": ["Sunday Run"], "track_ids": [["4uLU6hMCjMI75M1A2tKUQC", "7ouMYWpwJ422jRcDASZB7P"]],
      "public": [True], "description": [""]}),
    # 79
    ("Spearman correlation between hours studied (2, 4, 6, 8, 10) and exam score (55, 62, 70, 85, 90)?",
     stats_correlation,
     {"x": [[2.0, 4.0, 6.0, 8.0, 10.0]], "y": [[55.0, 62.0, 70.0, 85.0, 90.0]], "method": ["spearman"]}),
]
