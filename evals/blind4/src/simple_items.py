"""80 hand-written single-function items.

Each item: q (user message), fn (function offered and expected), a (acceptable
values for every parameter the user sets; optional parameters left out are
filled by build.py with "" and the default), style, and optionally skip
(parameters whose values are legitimately not literal in the question, e.g.
a percentage given as a fraction).
"""
from .schema import P

SIMPLE = [
    # 0 travel
    dict(style="plain", fn="book_hotel_room",
         q="Book a suite at a hotel in Lisbon for 2 guests, checking in on 2027-03-14 and checking out on 2027-03-18. We want breakfast included.",
         a={"city": ["Lisbon", "Lisbon, Portugal"], "check_in": ["2027-03-14"], "check_out": ["2027-03-18"],
            "guests": [2], "room_type": ["suite"], "breakfast_included": [True]}),
    # 1 finance
    dict(style="informal", fn="convert_currency",
         q="hey how much is 1,250.50 swiss francs (CHF) in japanese yen (JPY)? use the rate from 2 Feb 2027 pls",
         a={"amount": [1250.5], "from_currency": ["CHF"], "to_currency": ["JPY"], "rate_date": ["2027-02-02"]}),
    # 2 health
    dict(style="plain", fn="calculate_bmi",
         q="My weight is 72.5 kg and I'm 178 cm tall. What's my BMI?",
         a={"weight_kg": [72.5], "height_cm": [178.0]}),
    # 3 science
    dict(style="plain", fn="get_element_properties",
         q="Look up the atomic mass and the melting point of tungsten (symbol W).",
         a={"symbol": ["W"], "properties": P("atomic_mass", "melting_point")}),
    # 4 home
    dict(style="informal", fn="set_thermostat",
         q="can u set the living room thermostat to 21.5 degrees? heat mode plz",
         a={"room": ["living room"], "temperature": [21.5], "mode": ["heat"]}),
    # 5 logistics
    dict(style="plain", fn="track_shipment",
         q="Where is parcel 1Z999AA10123456784? It's a UPS shipment, and please show the full scan history too.",
         a={"tracking_number": ["1Z999AA10123456784"], "carrier": ["ups"], "include_history": [True]}),
    # 6 HR
    dict(style="plain", fn="submit_leave_request",
         q="Employee EMP-40217 needs sick leave from the 3rd of May 2027 until the 7th of May 2027.",
         a={"employee_id": ["EMP-40217"], "leave_type": ["sick"], "start_date": ["2027-05-03"], "end_date": ["2027-05-07"]}),
    # 7 education
    dict(style="informal", fn="enroll_student",
         q="pls enrol student S-88213 in CHEM-201 for the Spring 2028 semester, but as an auditor, not for credit",
         a={"student_id": ["S-88213"], "course_code": ["CHEM-201"], "semester": ["Spring 2028"], "audit": [True]}),
    # 8 gaming
    dict(style="plain", fn="get_player_stats",
         q="Show me the ranked stats for player tag 'NightOwl#4471' in season 12.",
         a={"player_tag": ["NightOwl#4471"], "game_mode": ["ranked"], "season": [12]}),
    # 9 devops
    dict(style="plain", fn="scale_deployment",
         q="Scale the deployment payments-api in the namespace prod-eu to 6 replicas.",
         a={"deployment": ["payments-api"], "replicas": [6], "namespace": ["prod-eu"]}),
    # 10 legal
    dict(style="informal", fn="search_case_law",
         q="I need case law about 'adverse possession' in Scotland, only decisions from 1995 to 2020. Just give me 5 results, I don't have time for more.",
         a={"query": ["adverse possession"], "jurisdiction": ["Scotland"], "year_from": [1995], "year_to": [2020], "max_results": [5]}),
    # 11 retail
    dict(style="plain", fn="check_product_stock",
         q="Does store ST-0932 have 3 units of SKU KX-55012-BL in stock?",
         a={"sku": ["KX-55012-BL"], "store_id": ["ST-0932"], "quantity": [3]}),
    # 12 sports
    dict(style="plain", fn="get_league_standings",
         q="What are the Eredivisie standings for the 2025-26 season? Only the top 4 teams.",
         a={"league": ["Eredivisie"], "season": ["2025-26"], "top_n": [4]}),
    # 13 cooking
    dict(style="informal", fn="scale_recipe",
         q="my shakshuka recipe serves four but I'm having twelve people over, can u scale it up?",
         a={"recipe_name": ["shakshuka"], "original_servings": [4], "target_servings": [12]}),
    # 14 astronomy
    dict(style="plain", fn="get_planet_visibility",
         q="Will Saturn be visible on 21 August 2027 from latitude -33.87, longitude 151.21?",
         a={"planet": ["saturn"], "date": ["2027-08-21"], "latitude": [-33.87], "longitude": [151.21]}),
    # 15 agriculture
    dict(style="plain", fn="estimate_fertilizer",
         q="Estimate the fertilizer needs for winter wheat on a 42.5 hectare field. The soil pH is 6.3.",
         a={"crop": ["winter wheat", "wheat"], "field_area_hectares": [42.5], "soil_ph": [6.3]}),
    # 16 media
    dict(style="plain", fn="create_playlist",
         q="Make a public playlist called 'Sunday Drive' with tracks TRK-118, TRK-902 and TRK-377, in that order.",
         a={"name": ["Sunday Drive"], "track_ids": [["TRK-118", "TRK-902", "TRK-377"]], "public": [True]}),
    # 17 weather
    dict(style="plain", fn="get_weather_forecast",
         q="Give me the 7-day forecast for Reykjavik in imperial units.",
         a={"location": ["Reykjavik", "Reykjavik, Iceland"], "days": [7], "units": ["imperial"]}),
    # 18 music
    dict(style="informal", fn="transpose_chords",
         q="my singer can't hit the notes lol. take C, Am, F, G and move them up three semitones?",
         a={"chords": [["C", "Am", "F", "G"]], "semitones": [3]}),
    # 19 real estate
    dict(style="plain", fn="estimate_mortgage_payment",
         q="What's the monthly payment on a $350,000 home at 4.25% over 30 years if I put $70,000 down?",
         a={"home_price": [350000.0], "annual_rate_percent": [4.25], "term_years": [30], "down_payment": [70000.0]}),
    # 20 automotive
    dict(style="informal", fn="decode_vin",
         q="can you decode this VIN for me: 1HGCM82633A004352 thx",
         a={"vin": ["1HGCM82633A004352"]}),
    # 21 energy
    dict(style="plain", fn="estimate_solar_output",
         q="How much will my 6.4 kW solar array produce in July at latitude 40.4? The panels are tilted at 25 degrees.",
         a={"panel_capacity_kw": [6.4], "latitude": [40.4], "month": [7], "tilt_degrees": [25.0]},
         skip=["month"]),
    # 22 pets
    dict(style="informal", fn="find_vet_clinic",
         q="My rabbit is really unwell and not eating :( please find an emergency vet near postcode EH8 9YL",
         a={"postcode": ["EH8 9YL", "EH89YL"], "species": ["rabbit"], "emergency": [True]}),
    # 23 library
    dict(style="plain", fn="renew_library_loan",
         q="Renew item 31234009876543 on library card 2900112 for 21 days.",
         a={"card_number": ["2900112"], "item_barcode": ["31234009876543"], "extend_days": [21]}),
    # 24 calendar
    dict(style="plain", fn="create_calendar_event",
         q="Put 'Quarterly budget review' in my calendar on 9 September 2027 at 2:30 pm for 90 minutes, with ana@example.com and li.wei@example.com invited.",
         a={"title": ["Quarterly budget review"], "date": ["2027-09-09"], "start_time": ["14:30"], "duration_minutes": [90],
            "attendees": P("ana@example.com", "li.wei@example.com")}),
    # 25 telecom
    dict(style="plain", fn="check_data_usage",
         q="How much mobile data did +44 7700 900123 use in the March 2027 billing cycle?",
         a={"phone_number": ["+44 7700 900123", "+447700900123"], "billing_cycle": ["2027-03"]}),
    # 26 insurance
    dict(style="plain", fn="get_insurance_quote",
         q="Quote me for home insurance with $250,000 of coverage and a $1,000 deductible. The applicant is 38 years old.",
         a={"policy_type": ["home"], "coverage_amount": [250000.0], "applicant_age": [38], "deductible": [1000.0]}),
    # 27 government
    dict(style="plain", fn="check_passport_application_status",
         q="Check passport application PA-2027-556102. My date of birth is 19/11/1984.",
         a={"application_number": ["PA-2027-556102"], "date_of_birth": ["1984-11-19"]}),
    # 28 chemistry
    dict(style="informal", fn="calculate_molarity",
         q="whats the molarity if i dissolve 0.75 mol of NaCl and end up with 2.5 liters of solution",
         a={"moles_solute": [0.75], "volume_liters": [2.5]}),
    # 29 geography
    dict(style="plain", fn="get_country_info",
         q="Tell me the capital, currency and official languages of Mongolia.",
         a={"country": ["Mongolia"], "fields": P("capital", "currency", "languages")}),
    # 30 language
    dict(style="plain", fn="translate_text",
         q="Translate \"Where is the nearest train station?\" from English into German, using the formal register.",
         a={"text": ["Where is the nearest train station?"], "source_language": ["English", "en"],
            "target_language": ["German", "de"], "formality": ["formal"]}),
    # 31 fitness
    dict(style="informal", fn="log_workout",
         q="log a running workout for me: 45 min, 8.2 km, on 2027-01-16",
         a={"activity": ["running"], "duration_minutes": [45], "date": ["2027-01-16"], "distance_km": [8.2]}),
    # 32 marine
    dict(style="plain", fn="get_tide_times",
         q="Tide times for station 8518750 on the 1st of June 2027, please.",
         a={"station_id": ["8518750"], "date": ["2027-06-01"]}),
    # 33 aviation
    dict(style="plain", fn="get_flight_status",
         q="Is flight LH454 on 12 Oct 2027 running on time?",
         a={"flight_number": ["LH454", "LH 454"], "date": ["2027-10-12"]}),
    # 34 culture
    dict(style="plain", fn="book_museum_tickets",
         q="Two adult and three child tickets to the Rijksmuseum for 2027-04-22, please. Add audio guides.",
         a={"museum": ["Rijksmuseum"], "visit_date": ["2027-04-22"], "adult_tickets": [2], "child_tickets": [3], "audio_guide": [True]}),
    # 35 social media
    dict(style="plain", fn="schedule_post",
         q="Schedule a LinkedIn post saying \"We're hiring backend engineers in Porto!\" for 2027-02-01 at 09:00.",
         a={"platform": ["linkedin"], "content": ["We're hiring backend engineers in Porto!"],
            "publish_at": ["2027-02-01T09:00", "2027-02-01T09:00:00"]}),
    # 36 communication
    dict(style="plain", fn="send_email",
         q="Email jordan@example.org with the subject 'Invoice 3321' and the body 'Hi Jordan, the invoice is attached. Thanks!' and mark it high priority.",
         a={"to": [["jordan@example.org"]], "subject": ["Invoice 3321"], "body": ["Hi Jordan, the invoice is attached. Thanks!"],
            "high_priority": [True]}),
    # 37 security
    dict(style="plain", fn="rotate_api_key",
         q="Rotate API key ak_live_7f3d9c2 and keep the old one valid for 48 hours.",
         a={"key_id": ["ak_live_7f3d9c2"], "expire_old_after_hours": [48]}),
    # 38 manufacturing
    dict(style="plain", fn="calculate_oee",
         q="Compute the OEE for line 4: availability 92%, performance 88% and quality 97.5%.",
         a={"availability": [0.92], "performance": [0.88], "quality": [0.975]},
         skip=["availability", "performance", "quality"]),
    # 39 astronomy
    dict(style="informal", fn="convert_light_years",
         q="proxima centauri is 4.24 light years away right? convert that to parsecs",
         a={"distance_light_years": [4.24], "target_unit": ["parsecs"]}),
    # 40 agriculture
    dict(style="plain", fn="schedule_irrigation",
         q="Set up irrigation for field F-07 starting 5 July 2027, every 3 days, at 12,000 litres per hectare, only in zones 1, 2 and 5.",
         a={"field_id": ["F-07"], "start_date": ["2027-07-05"], "interval_days": [3], "liters_per_hectare": [12000.0],
            "zones": P(1, 2, 5)}),
    # 41 finance
    dict(style="informal", fn="calculate_compound_interest",
         q="if I put €5,000 away at 3.8% a year for 10 years, compounded monthly, what do I end up with?",
         a={"principal": [5000.0], "annual_rate": [3.8], "years": [10], "compounding": ["monthly"]}),
    # 42 health
    dict(style="plain", fn="schedule_appointment",
         q="Book patient P-55190 with dermatology on 14/07/2027 at 10:15. Reason: 'follow-up on mole check'.",
         a={"patient_id": ["P-55190"], "specialty": ["dermatology"], "date": ["2027-07-14"], "time": ["10:15"],
            "reason": ["follow-up on mole check"]}),
    # 43 logistics (nested dict)
    dict(style="plain", fn="calculate_shipping_cost",
         q="How much does it cost to ship a 3.2 kg box measuring 40 x 30 x 20 cm (length x width x height) from postcode 10115 to 80331 by express?",
         a={"origin_postcode": ["10115"], "destination_postcode": ["80331"], "weight_kg": [3.2],
            "dimensions_cm": [{"length": [40.0], "width": [30.0], "height": [20.0]}], "service": ["express"]}),
    # 44 HR (nested dict)
    dict(style="informal", fn="post_job_opening",
         q="we need to post a job: Senior Data Engineer in the Analytics department, office in Austin, salary 120,000 to 150,000 USD a year, fully remote is ok. skills: Python, Spark, Airflow",
         a={"title": ["Senior Data Engineer"], "department": ["Analytics"], "location": ["Austin", "Austin, TX"],
            "salary_range": [{"min": [120000.0], "max": [150000.0], "currency": ["USD"]}],
            "skills": P("Python", "Spark", "Airflow"), "remote": [True]}),
    # 45 education
    dict(style="plain", fn="generate_quiz",
         q="Make me a hard quiz on photosynthesis with fifteen questions, mixing multiple choice and true/false.",
         a={"topic": ["photosynthesis"], "num_questions": [15], "difficulty": ["hard"],
            "question_types": P("multiple_choice", "true_false")}),
    # 46 gaming
    dict(style="informal", fn="roll_dice",
         q="roll 4d6 +2 for my D&D character's strength",
         a={"num_dice": [4], "sides": [6], "modifier": [2]}),
    # 47 devops
    dict(style="plain", fn="create_dns_record",
         q="Add an A record for api.example.net pointing to 203.0.113.45 with a TTL of 300 in the example.net zone.",
         a={"zone": ["example.net"], "record_type": ["A"], "name": ["api", "api.example.net"], "value": ["203.0.113.45"], "ttl": [300]}),
    # 48 legal
    dict(style="plain", fn="calculate_filing_deadline",
         q="Notice was served on March 3rd, 2027. Work out the deadline 30 days later under Ontario rules, skipping weekends.",
         a={"trigger_date": ["2027-03-03"], "days": [30], "jurisdiction": ["Ontario"], "exclude_weekends": [True]}),
    # 49 retail
    dict(style="informal", fn="apply_discount_code",
         q="apply promo code SPRING-25OFF to cart CART-77120",
         a={"cart_id": ["CART-77120"], "code": ["SPRING-25OFF"]}),
    # 50 sports
    dict(style="plain", fn="calculate_pace",
         q="I ran a half marathon, 21.1 km, in 1:52:30. What's my pace?",
         a={"distance_km": [21.1], "time": ["01:52:30", "1:52:30"]}),
    # 51 cooking
    dict(style="plain", fn="convert_cooking_units",
         q="How many grams is 2.5 cups of all-purpose flour?",
         a={"quantity": [2.5], "from_unit": ["cup"], "to_unit": ["gram"], "ingredient": ["all-purpose flour", "flour"]}),
    # 52 media
    dict(style="plain", fn="transcode_video",
         q="Transcode /videos/raw/launch_final.mov to webm at 720p with a bitrate of 2,500 kbps.",
         a={"input_path": ["/videos/raw/launch_final.mov"], "output_format": ["webm"], "resolution": ["720p"], "bitrate_kbps": [2500]}),
    # 53 science
    dict(style="plain", fn="calculate_projectile_range",
         q="A projectile is launched at 35 m/s at a 40 degree angle on the Moon, where g = 1.62 m/s². How far does it go?",
         a={"initial_velocity_ms": [35.0], "launch_angle_degrees": [40.0], "gravity": [1.62]}),
    # 54 home
    dict(style="informal", fn="add_shopping_list_items",
         q="add eggs, oat milk and basmati rice to my 'Weekly groceries' list pls",
         a={"list_name": ["Weekly groceries"], "items": P("eggs", "oat milk", "basmati rice")}),
    # 55 travel
    dict(style="plain", fn="search_flights",
         q="Find nonstop flights from SFO to NRT on 2027-11-02, returning 2027-11-16, for 2 passengers in business class.",
         a={"origin": ["SFO"], "destination": ["NRT"], "departure_date": ["2027-11-02"], "return_date": ["2027-11-16"],
            "passengers": [2], "cabin": ["business"], "nonstop_only": [True]}),
    # 56 finance
    dict(style="informal", fn="get_stock_quote",
         q="whats ASML trading at on Euronext Amsterdam?",
         a={"ticker": ["ASML"], "exchange": ["Euronext Amsterdam", "Euronext"]}),
    # 57 health
    dict(style="plain", fn="check_drug_interaction",
         q="Is it safe to take ibuprofen together with lisinopril and metformin?",
         a={"medications": P("ibuprofen", "lisinopril", "metformin")}),
    # 58 logistics
    dict(style="plain", fn="optimize_delivery_route",
         q="Plan the best route from our depot at 12 Harbour Road, Cork, visiting 4 Main Street, Mallow; 19 Church Lane, Fermoy; and 7 Bridge Street, Youghal. The van does not need to come back to the depot at the end.",
         a={"depot_address": ["12 Harbour Road, Cork"],
            "stops": P("4 Main Street, Mallow", "19 Church Lane, Fermoy", "7 Bridge Street, Youghal"),
            "return_to_depot": [False]}),
    # 59 HR
    dict(style="plain", fn="calculate_overtime_pay",
         q="What is the overtime pay for someone on $28.40 an hour who worked 9.5 overtime hours at double time (multiplier 2)?",
         a={"hourly_rate": [28.4], "overtime_hours": [9.5], "multiplier": [2.0]}),
    # 60 education
    dict(style="plain", fn="get_course_schedule",
         q="When does MATH-1104 section B meet in the Winter 2028 term?",
         a={"course_code": ["MATH-1104"], "term": ["Winter 2028"], "section": ["B"]}),
    # 61 gaming
    dict(style="informal", fn="create_tournament",
         q="set up a tourney called 'Frost Cup' for Rocket League, max 32 players, double elimination, starting 18th December 2027, $5 entry",
         a={"name": ["Frost Cup"], "game": ["Rocket League"], "max_players": [32], "format": ["double_elimination"],
            "start_date": ["2027-12-18"], "entry_fee": [5.0]}),
    # 62 devops
    dict(style="plain", fn="query_logs",
         q="Pull error-level logs for checkout-service between 2027-06-10T08:00 and 2027-06-10T09:30 that contain 'timeout', at most 50 lines.",
         a={"service": ["checkout-service"], "level": ["error"], "start_time": ["2027-06-10T08:00", "2027-06-10T08:00:00"],
            "end_time": ["2027-06-10T09:30", "2027-06-10T09:30:00"], "contains": ["timeout"], "limit": [50]}),
    # 63 legal
    dict(style="plain", fn="draft_nda",
         q="Draft a one-way NDA where Brightline Labs Ltd discloses to Orca Analytics GmbH, effective 1 January 2028, lasting 24 months, governed by the law of England and Wales.",
         a={"party_a": ["Brightline Labs Ltd"], "party_b": ["Orca Analytics GmbH"], "effective_date": ["2028-01-01"],
            "term_months": [24], "governing_law": ["England and Wales", "the law of England and Wales"], "mutual": [False]}),
    # 64 retail
    dict(style="plain", fn="process_return",
         q="Return SKUs TS-100-M and TS-100-L from order ORD-2027-0481 because they arrived damaged. Refund it as store credit.",
         a={"order_id": ["ORD-2027-0481"], "item_skus": P("TS-100-M", "TS-100-L"), "reason": ["damaged"],
            "refund_method": ["store_credit"]}),
    # 65 sports
    dict(style="plain", fn="get_match_schedule",
         q="Which games do the Boston Celtics play between Feb 1, 2027 and Feb 28, 2027?",
         a={"team": ["Boston Celtics", "Celtics"], "from_date": ["2027-02-01"], "to_date": ["2027-02-28"]}),
    # 66 astronomy
    dict(style="informal", fn="get_moon_phase",
         q="moon phase on 2027-08-02?",
         a={"date": ["2027-08-02"]}),
    # 67 agriculture
    dict(style="plain", fn="get_crop_price",
         q="What was the soybeans price on the Chicago Board of Trade on 30 September 2027?",
         a={"commodity": ["soybeans"], "market": ["Chicago Board of Trade", "CBOT"], "date": ["2027-09-30"]}),
    # 68 media
    dict(style="informal", fn="search_podcasts",
         q="find me podcasts about urban beekeeping, nothing longer than forty minutes and no explicit stuff",
         a={"query": ["urban beekeeping"], "max_duration_minutes": [40], "explicit_allowed": [False]}),
    # 69 weather
    dict(style="plain", fn="weather.get_air_quality",
         q="What's the air quality in Delhi? I want the PM2.5, PM10 and NO2 values.",
         a={"city": ["Delhi", "New Delhi"], "pollutants": P("pm25", "pm10", "no2")},
         skip=["pollutants"]),
    # 70 real estate
    dict(style="plain", fn="search_rental_listings",
         q="Show me rentals in Montreal with at least 2 bedrooms, max $1,850 a month, that allow pets.",
         a={"city": ["Montreal"], "max_rent": [1850.0], "min_bedrooms": [2], "pets_allowed": [True]}),
    # 71 automotive
    dict(style="plain", fn="book_car_service",
         q="Book a brake inspection for car KV21 XLM at garage G-114 on the 6th of March 2028.",
         a={"registration": ["KV21 XLM", "KV21XLM"], "service_type": ["brake_inspection"], "date": ["2028-03-06"], "garage_id": ["G-114"]}),
    # 72 energy
    dict(style="plain", fn="compare_energy_tariffs",
         q="Compare tariffs for postcode BS1 4DJ. We use about 3,100 kWh per year, electricity only, and I want renewable tariffs only.",
         a={"postcode": ["BS1 4DJ"], "annual_kwh": [3100], "fuel": ["electricity"], "green_only": [True]}),
    # 73 pets
    dict(style="informal", fn="calculate_pet_food_portion",
         q="how much should I feed my cat? she's 4.3 kg, 7 years old and pretty lazy tbh (low activity)",
         a={"species": ["cat"], "weight_kg": [4.3], "age_years": [7.0], "activity_level": ["low"]}),
    # 74 library
    dict(style="plain", fn="search_catalog",
         q="Search the catalogue for 'The Left Hand of Darkness' by Ursula K. Le Guin, audiobook format, only copies that are available now.",
         a={"query": ["The Left Hand of Darkness"], "author": ["Ursula K. Le Guin", "Ursula K Le Guin", "Le Guin"],
            "format": ["audiobook"], "available_only": [True]}),
    # 75 dining
    dict(style="informal", fn="reserve_restaurant_table",
         q="can you get us a table at Osteria Lupo on the 27th of November 2027 at 8pm for six people? special request: \"wheelchair accessible table\"",
         a={"restaurant": ["Osteria Lupo"], "date": ["2027-11-27"], "time": ["20:00"], "party_size": [6],
            "special_requests": ["wheelchair accessible table"]}),
    # 76 telecom
    dict(style="plain", fn="port_phone_number",
         q="Port my number 555-0142 from Verizon. Account number 8812-4490-01, PIN 7731.",
         a={"phone_number": ["555-0142", "5550142"], "current_carrier": ["Verizon"], "account_number": ["8812-4490-01"], "pin": ["7731"]}),
    # 77 science
    dict(style="plain", fn="calculate_half_life_remaining",
         q="I have 80 grams of a substance with a half-life of 5.27 years. How much is left after 15.81 years?",
         a={"initial_amount": [80.0], "half_life": [5.27], "elapsed_time": [15.81]}),
    # 78 cooking
    dict(style="informal", fn="find_recipes",
         q="got chickpeas, spinach and coconut milk... any vegan Indian recipes with those that take 30 min or less?",
         a={"ingredients": P("chickpeas", "spinach", "coconut milk"), "cuisine": ["Indian"], "max_prep_minutes": [30],
            "diet": ["vegan"]}),
    # 79 government
    dict(style="plain", fn="renew_vehicle_registration",
         q="Renew the registration for plate 7XYZ219 in California for 2 years and send the receipt to mo.k@example.com.",
         a={"plate_number": ["7XYZ219"], "state": ["California", "CA"], "years": [2], "email": ["mo.k@example.com"]}),
]
