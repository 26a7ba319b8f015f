"""blind5_simple: 80 hand-written items, one function each.

ans maps parameter name -> list of acceptable values.  Optional parameters the
user does not set are left out here; build.py fills them with "" (+ default).
exempt lists parameters whose value is legitimately not written literally.
"""


def S(fn, style, q, ans, exempt=()):
    return {"fn": fn, "style": style, "q": q, "ans": ans, "exempt": list(exempt)}


SIMPLE = [
    # 0
    S("flights.search_one_way", "plain",
      "Find one-way flights from LHR to JFK departing on March 4, 2027 for 3 passengers in business class.",
      {"origin": ["LHR"], "destination": ["JFK"], "departure_date": ["2027-03-04"],
       "passengers": [3], "cabin_class": ["business"]}),
    # 1
    S("loan.monthly_payment", "informal",
      "hey so i'm looking at a car loan, $18,500 at 6.9% annual interest over 60 months... what would the monthly payment come out to?",
      {"principal": [18500], "annual_rate_percent": [6.9], "term_months": [60]}),
    # 2
    S("bmi.calculate", "plain",
      "Calculate the BMI of a person who weighs 72.5 kg and is 178 cm tall.",
      {"weight_kg": [72.5], "height_cm": [178]}),
    # 3
    S("k8s.scale_deployment", "informal",
      "ugh traffic spike again lol - can you scale the checkout-api deployment in namespace prod-eu-1 up to twelve replicas pls",
      {"namespace": ["prod-eu-1"], "deployment": ["checkout-api"], "replicas": [12]}),
    # 4
    S("shipping.get_quote", "plain",
      "Get a shipping quote for a 4.2 kg parcel from postcode 10115 to postcode 80331 with express service.",
      {"origin_postcode": ["10115"], "destination_postcode": ["80331"], "weight_kg": [4.2],
       "service": ["express"]}),
    # 5
    S("recipe.scale_ingredients", "informal",
      "so I've got recipe RCP-2291 which serves 4, but the whole family's coming over... can u scale it up to 11 servings?",
      {"recipe_id": ["RCP-2291"], "original_servings": [4], "target_servings": [11]}),
    # 6
    S("school.enroll_student", "plain",
      "Enroll student S-48213 in course MATH-201 for the fall term of 2027.",
      {"student_id": ["S-48213"], "course_code": ["MATH-201"], "term": ["fall"], "year": [2027]}),
    # 7
    S("store.check_stock", "informal",
      "hi!! do you have SKU TX-5512-BLK in stock at store BRK-07? and pls include nearby stores too",
      {"sku": ["TX-5512-BLK"], "store_id": ["BRK-07"], "include_nearby": [True]}),
    # 8
    S("chem.molar_mass", "plain",
      "What is the molar mass of C6H12O6?",
      {"formula": ["C6H12O6"]}),
    # 9
    S("thermostat.set_schedule", "informal",
      "can you set the living room zone to 21.5 degrees from 6:30 am till 9 am? thx",
      {"zone": ["living room", "Living room", "Living Room"], "temperature_c": [21.5],
       "start_time": ["06:30"], "end_time": ["09:00"]}),
    # 10
    S("league.get_standings", "plain",
      "Show the standings of the Eredivisie for the 2026-27 season.",
      {"league": ["Eredivisie"], "season": ["2026-27"]}),
    # 11
    S("hr.request_leave", "informal",
      "hi, pls file annual leave for employee E-10442 from 14 July 2027 to 25 July 2027 - note: family trip to Lisbon",
      {"employee_id": ["E-10442"], "leave_type": ["annual"], "start_date": ["2027-07-14"],
       "end_date": ["2027-07-25"], "note": ["family trip to Lisbon", "Family trip to Lisbon"]}),
    # 12
    S("legal.search_case_law", "plain",
      "Search Ontario case law for 'wrongful dismissal' decisions from 2015 to 2024.",
      {"query": ["wrongful dismissal"], "jurisdiction": ["Ontario"], "year_from": [2015], "year_to": [2024]}),
    # 13
    S("video.transcode", "informal",
      "need vid-88a1c3 transcoded to webm at 1080p asap, whatever bitrate is fine",
      {"file_id": ["vid-88a1c3"], "output_format": ["webm"], "resolution": ["1080p"]}),
    # 14
    S("weather.get_forecast", "plain",
      "Give me the 5-day weather forecast for Reykjavik in imperial units.",
      {"city": ["Reykjavik"], "days": [5], "units": ["imperial"]}),
    # 15
    S("vehicle.decode_vin", "informal",
      "just bought a used car, can u decode this VIN for me? 1HGCM82633A004352",
      {"vin": ["1HGCM82633A004352"]}),
    # 16
    S("mortgage.affordability", "informal",
      "ok so I make $96,000 a year, pay about $650 in monthly debts, and I've saved $40,000 for the down payment. with a 5.75% interest rate, how much house can I afford?",
      {"annual_income": [96000], "monthly_debts": [650], "down_payment": [40000],
       "interest_rate_percent": [5.75]}),
    # 17
    S("farm.irrigation_plan", "plain",
      "Create an irrigation plan for field F-12B, planted with maize, covering 37.5 hectares.",
      {"field_id": ["F-12B"], "crop": ["maize"], "area_hectares": [37.5]}),
    # 18
    S("solar.estimate_output", "informal",
      "roughly how much would a 6.4 kW solar setup produce at latitude 38.72, longitude -9.14? the panels are tilted at 35 degrees btw",
      {"latitude": [38.72], "longitude": [-9.14], "panel_capacity_kw": [6.4], "tilt_degrees": [35]}),
    # 19
    S("telecom.port_number", "plain",
      "Port the phone number +44 7700 900123 to the carrier Lumen Mobile using account PIN 4471.",
      {"phone_number": ["+44 7700 900123", "+447700900123"], "new_carrier": ["Lumen Mobile"],
       "account_pin": ["4471"]}),
    # 20
    S("game.create_lobby", "informal",
      "yo set up a private capture the flag lobby for up to 16 players, region doesn't matter",
      {"game_mode": ["capture_the_flag"], "max_players": [16], "private": [True]}),
    # 21
    S("music.create_playlist", "plain",
      "Create a playlist called Morning Run with the tracks TRK-101, TRK-245 and TRK-388.",
      {"name": ["Morning Run"], "track_ids": [["TRK-101", "TRK-245", "TRK-388"]]}),
    # 22
    S("library.renew_loan", "informal",
      "can i renew item 3900012845 on library card LC-55102? for 3 weeks if that's allowed",
      {"card_number": ["LC-55102"], "item_barcode": ["3900012845"], "weeks": [3]}),
    # 23
    S("events.book_venue", "plain",
      "Book venue VN-3301 on 2027-09-18 for 120 guests, with catering.",
      {"venue_id": ["VN-3301"], "event_date": ["2027-09-18"], "guest_count": [120], "catering": [True]}),
    # 24
    S("pet.schedule_vet", "informal",
      "my cat Biscuit keeps sneezing :( can you book her a vet appointment on October 2, 2027 at 3:15 pm? reason: sneezing",
      {"pet_name": ["Biscuit"], "species": ["cat"], "appointment_datetime": ["2027-10-02 15:15"],
       "reason": ["sneezing", "Sneezing"]}),
    # 25
    S("fitness.log_workout", "plain",
      "Log a cycling workout of 95 minutes covering 42.3 km on 6 May 2027.",
      {"activity": ["cycling"], "duration_minutes": [95], "distance_km": [42.3], "workout_date": ["2027-05-06"]}),
    # 26
    S("insurance.file_claim", "informal",
      "hi, policy POL-778-2031 - someone backed into my car on Jan 9, 2027. it's an auto claim, damage is about $2,340.50. description: rear bumper damage in parking lot",
      {"policy_number": ["POL-778-2031"], "claim_type": ["auto"], "incident_date": ["2027-01-09"],
       "estimated_amount": [2340.5],
       "description": ["rear bumper damage in parking lot", "Rear bumper damage in parking lot"]}),
    # 27
    S("gov.passport_appointment", "plain",
      "Book a passport appointment at the Sacramento office on 12 November 2027 for two applicants.",
      {"office_city": ["Sacramento"], "preferred_date": ["2027-11-12"], "applicant_count": [2]}),
    # 28
    S("transit.plan_trip", "informal",
      "how do i get from Alexanderplatz to Potsdamer Platz leaving at 2027-04-22T08:10? it has to be wheelchair accessible",
      {"from_stop": ["Alexanderplatz"], "to_stop": ["Potsdamer Platz"], "depart_at": ["2027-04-22T08:10"],
       "wheelchair_accessible": [True]}),
    # 29
    S("hotel.book_room", "plain",
      "Reserve a twin room at hotel HTL-5520 from June 3, 2027 to June 7, 2027 for 2 guests.",
      {"hotel_id": ["HTL-5520"], "check_in": ["2027-06-03"], "check_out": ["2027-06-07"], "guests": [2],
       "room_type": ["twin"]}),
    # 30
    S("security.rotate_api_key", "informal",
      "pls rotate key ak_live_93F2 for the billing-gateway service and keep the old one valid for 48 hours, thanks",
      {"service_name": ["billing-gateway"], "key_id": ["ak_live_93F2"], "expire_old_after_hours": [48]}),
    # 31
    S("marketing.schedule_email_campaign", "plain",
      "Schedule email campaign CMP-SPRING-27 for the segment lapsed_customers at 10:00 on March 15, 2027, in the Europe/Madrid time zone.",
      {"campaign_id": ["CMP-SPRING-27"], "segment": ["lapsed_customers"], "send_at": ["2027-03-15 10:00"],
       "timezone": ["Europe/Madrid"]}),
    # 32
    S("mfg.create_work_order", "informal",
      "need a work order for 2,500 units of product PX-440-A, due Aug 30, 2027 - priority high pls",
      {"product_code": ["PX-440-A"], "quantity": [2500], "due_date": ["2027-08-30"], "priority": ["high"]}),
    # 33
    S("astro.visibility", "plain",
      "Check the visibility of Jupiter from latitude 51.48, longitude -0.12 on 2027-01-20.",
      {"object_name": ["Jupiter"], "latitude": [51.48], "longitude": [-0.12], "observation_date": ["2027-01-20"]}),
    # 34
    S("chem.dilution", "informal",
      "how much 2.5 M stock do I need to make 250 mL of a 0.1 M solution? chem lab brain fog",
      {"stock_concentration_molar": [2.5], "target_concentration_molar": [0.1], "target_volume_ml": [250]}),
    # 35
    S("geo.distance", "plain",
      "What is the distance between Nairobi and Addis Ababa in miles?",
      {"from_city": ["Nairobi"], "to_city": ["Addis Ababa"], "unit": ["miles"]}),
    # 36
    S("translate.text", "informal",
      "can u translate 'Where is the train station?' from English (en) to Portuguese (pt)? thx",
      {"text": ["Where is the train station?", "Where is the train station"], "source_language": ["en"],
       "target_language": ["pt"]}),
    # 37
    S("photo.batch_resize", "plain",
      "Resize all photos in album ALB-0931 to fit within 1920 by 1080 pixels and save them as webp.",
      {"album_id": ["ALB-0931"], "max_width_px": [1920], "max_height_px": [1080], "output_format": ["webp"]}),
    # 38
    S("garden.planting_calendar", "informal",
      "when should i plant tomatoes?? i'm in hardiness zone 7b",
      {"plant": ["tomatoes", "tomato"], "hardiness_zone": ["7b"]}),
    # 39
    S("bank.transfer", "plain",
      "Transfer \u20ac1,250.00 from account CHK-20931 to IBAN DE89370400440532013000 with the reference INV-5531.",
      {"from_account": ["CHK-20931"], "to_iban": ["DE89370400440532013000"], "amount": [1250],
       "currency": ["EUR"], "reference": ["INV-5531"]},
      exempt=["currency"]),
    # 40
    S("visa.check_requirements", "informal",
      "quick q - I've got a passport from Canada and I'm heading to Japan for 21 days of tourism. do I need a visa?",
      {"passport_country": ["Canada"], "destination_country": ["Japan"], "stay_days": [21], "purpose": ["tourism"]}),
    # 41
    S("stocks.get_quote", "plain",
      "Get the latest stock quote for ASML on the Euronext Amsterdam exchange.",
      {"ticker": ["ASML"], "exchange": ["Euronext Amsterdam"]}),
    # 42
    S("meds.check_interaction", "plain",
      "Check for interactions between warfarin, ibuprofen and omeprazole.",
      {"drugs": [["warfarin", "ibuprofen", "omeprazole"]]}),
    # 43
    S("ci.trigger_pipeline", "informal",
      "kick off the pipeline for repo payments-service on branch release/2.14 - environment staging, don't skip tests, and use 8 parallel jobs",
      {"repository": ["payments-service"], "branch": ["release/2.14"],
       "options": {"environment": ["staging"], "skip_tests": [False], "parallel_jobs": [8]}}),
    # 44
    S("fleet.assign_driver", "plain",
      "Assign driver DRV-0087 to route RT-19 on 2027-02-11.",
      {"route_id": ["RT-19"], "driver_id": ["DRV-0087"], "service_date": ["2027-02-11"]}),
    # 45
    S("kitchen.convert_units", "informal",
      "baking rn, how many grams is 2.5 cups of flour??",
      {"quantity": [2.5], "from_unit": ["cup"], "to_unit": ["gram"], "ingredient": ["flour"]}),
    # 46
    S("quiz.generate", "plain",
      "Generate a hard quiz of fifteen questions on the French Revolution.",
      {"topic": ["French Revolution", "the French Revolution"], "num_questions": [15], "difficulty": ["hard"]}),
    # 47
    S("store.process_return", "informal",
      "hey, i want to return SH-220 and SH-221 from order ORD-99123-X, they arrived damaged. store credit is fine",
      {"order_id": ["ORD-99123-X"], "item_skus": [["SH-220", "SH-221"]], "reason": ["damaged"],
       "refund_method": ["store_credit"]}),
    # 48
    S("physics.projectile_range", "plain",
      "Compute the range of a projectile launched at 25 m/s at an angle of 40 degrees from ground level.",
      {"initial_velocity_ms": [25], "launch_angle_degrees": [40]}),
    # 49
    S("smart_home.set_lights", "informal",
      "dim the bedroom lights to like 30% and make them warm white pls",
      {"room": ["bedroom", "Bedroom"], "brightness_percent": [30], "color": ["warm white"]}),
    # 50
    S("tickets.search_events", "plain",
      "Find tickets for Chicago Cubs games in Chicago between April 1, 2027 and April 30, 2027 priced under $85.",
      {"team": ["Chicago Cubs", "Cubs"], "city": ["Chicago"], "date_from": ["2027-04-01"],
       "date_to": ["2027-04-30"], "max_price": [85]}),
    # 51
    S("hr.post_job", "informal",
      "can you post a job for a Senior Data Engineer in the Analytics department, based in Austin? salary 140,000 to 165,000, remote is ok",
      {"title": ["Senior Data Engineer"], "department": ["Analytics"], "location": ["Austin"],
       "salary_min": [140000], "salary_max": [165000], "remote": [True]}),
    # 52
    S("court.filing_deadline", "plain",
      "Calculate the filing deadline for an appeal in New South Wales, counting from a trigger date of 17 February 2027.",
      {"jurisdiction": ["New South Wales", "NSW"], "filing_type": ["appeal"], "trigger_date": ["2027-02-17"]}),
    # 53
    S("podcast.publish_episode", "informal",
      "publish the episode 'Fermentation Myths' to show POD-332 - audio is at https://cdn.example.org/ep41.mp3, go live 2027-05-01T07:00",
      {"show_id": ["POD-332"], "title": ["Fermentation Myths"], "audio_url": ["https://cdn.example.org/ep41.mp3"],
       "publish_at": ["2027-05-01T07:00"]}),
    # 54
    S("air_quality.get_index", "plain",
      "What is the current PM10 air quality index in Delhi?",
      {"city": ["Delhi"], "pollutant": ["pm10"]}),
    # 55
    S("car.service_booking", "informal",
      "need an oil change for my car, plate KX19 TRB, on 8 March 2027 at 9:30 am if possible",
      {"plate_number": ["KX19 TRB", "KX19TRB"], "service_type": ["oil_change"], "service_date": ["2027-03-08"],
       "service_time": ["09:30"]}),
    # 56
    S("property.search_listings", "plain",
      "Search for apartments in Lyon with at least 3 bedrooms, priced up to 450,000, that allow pets.",
      {"city": ["Lyon"], "property_type": ["apartment"], "min_bedrooms": [3], "max_price": [450000],
       "pets_allowed": [True]}),
    # 57
    S("utility.submit_meter_reading", "informal",
      "submitting my gas meter reading: 14,882.6 for account UTL-40021-88, taken on 1 December 2026",
      {"account_number": ["UTL-40021-88"], "meter_type": ["gas"], "reading": [14882.6],
       "reading_date": ["2026-12-01"]}),
    # 58
    S("telecom.add_data_pack", "plain",
      "Add a 20 GB roaming data pack to line 07700900456.",
      {"msisdn": ["07700900456"], "pack_size_gb": [20], "roaming": [True]}),
    # 59
    S("game.leaderboard", "informal",
      "show me the all-time top 25 on the leaderboard for game GM-ROGUE-7",
      {"game_id": ["GM-ROGUE-7"], "period": ["all_time"], "limit": [25]}),
    # 60
    S("music.get_chords", "plain",
      "Show the ukulele chords for 'Harbor Lights' by The Quiet Tides.",
      {"song_title": ["Harbor Lights"], "artist": ["The Quiet Tides", "Quiet Tides"], "instrument": ["ukulele"]}),
    # 61
    S("library.search_catalog", "informal",
      "any audiobook versions of 'The Salt Road' in the library catalog? only ones available right now pls",
      {"query": ["The Salt Road"], "media_type": ["audiobook"], "available_only": [True]}),
    # 62
    S("events.send_invitations", "plain",
      "Send invitations for event EVT-7781 to ana@example.com, raj@example.org and li.wei@example.net with an RSVP deadline of 2027-10-01.",
      {"event_id": ["EVT-7781"], "emails": [["ana@example.com", "raj@example.org", "li.wei@example.net"]],
       "rsvp_deadline": ["2027-10-01"]}),
    # 63
    S("pet.feeding_calculator", "informal",
      "my dog weighs 23 kg and he's super high energy lol, how much should he be eating?",
      {"species": ["dog"], "weight_kg": [23], "activity_level": ["high"]}),
    # 64
    S("fitness.heart_rate_zones", "plain",
      "Calculate heart rate training zones for a 34-year-old with a resting heart rate of 58 bpm.",
      {"age": [34], "resting_heart_rate": [58]}),
    # 65
    S("insurance.quote_travel", "informal",
      "travel insurance quote pls: going to Peru from 2 September 2027 to 19 September 2027, travelers aged 41, 39 and 9",
      {"destination_country": ["Peru"], "trip_start": ["2027-09-02"], "trip_end": ["2027-09-19"],
       "traveler_ages": [[41, 39, 9]]}),
    # 66
    S("tax.estimate_income_tax", "plain",
      "Estimate income tax for tax year 2026 on an annual income of $82,300 with the filing status single.",
      {"tax_year": [2026], "annual_income": [82300], "filing_status": ["single"]}),
    # 67
    S("parking.reserve_spot", "informal",
      "reserve me a spot at garage GRG-12 from 2027-03-20T18:00 to 2027-03-20T23:30, plate is 7ABC123",
      {"garage_id": ["GRG-12"], "start_time": ["2027-03-20T18:00"], "end_time": ["2027-03-20T23:30"],
       "vehicle_plate": ["7ABC123"]}),
    # 68
    S("restaurant.book_table", "plain",
      "Book a table for six at Osteria Lume on 14 February 2027 at 20:00 with outdoor seating.",
      {"restaurant_name": ["Osteria Lume"], "party_size": [6], "reservation_date": ["2027-02-14"],
       "reservation_time": ["20:00"], "seating": ["outdoor"]}),
    # 69
    S("firewall.add_rule", "plain",
      "Add a firewall rule to deny tcp traffic on port 23 from 10.20.0.0/16.",
      {"action": ["deny"], "protocol": ["tcp"], "port": [23], "source_cidr": ["10.20.0.0/16"]}),
    # 70
    S("ads.set_budget", "informal",
      "bump the daily budget on campaign AD-5520-Q to 350 USD, and let it run until 31 May 2027",
      {"campaign_id": ["AD-5520-Q"], "daily_budget": [350], "currency": ["USD"], "end_date": ["2027-05-31"]}),
    # 71
    S("qc.log_defect", "plain",
      "Log 7 major defects with defect code DF-113 for batch B2027-0412.",
      {"batch_id": ["B2027-0412"], "defect_code": ["DF-113"], "defect_count": [7], "severity": ["major"]}),
    # 72
    S("astro.meteor_showers", "informal",
      "which meteor showers can i catch in August 2027? i'm in the southern hemisphere",
      {"month": [8], "year": [2027], "hemisphere": ["southern"]},
      exempt=["month"]),
    # 73
    S("dna.reverse_complement", "plain",
      "Give the reverse complement of the DNA sequence ATGCGTACCTGA.",
      {"sequence": ["ATGCGTACCTGA"]}),
    # 74
    S("geo.timezone_lookup", "informal",
      "what timezone is Perth in? I mean Perth in Australia, not the one in Scotland lol",
      {"city": ["Perth"], "country": ["Australia"]}),
    # 75
    S("bill.split", "informal",
      "dinner came to $186.40, we wanna tip 18% and split it between five people - how much each?",
      {"total_amount": [186.4], "tip_fraction": [0.18], "people": [5]},
      exempt=["tip_fraction"]),
    # 76
    S("photo.exposure_value", "informal",
      "what's the exposure value for f/8 at 1/250 s and ISO 400?",
      {"aperture_f": [8], "shutter_seconds": [0.004], "iso": [400]},
      exempt=["shutter_seconds"]),
    # 77
    S("garden.soil_test_order", "plain",
      "Order a soil test for postcode SW1A 1AA with 3 samples, testing pH, nitrogen and potassium.",
      {"postcode": ["SW1A 1AA"], "sample_count": [3], "tests": [["ph", "nitrogen", "potassium"]]}),
    # 78
    S("bank.set_card_limit", "informal",
      "can you set the online spending limit on my card ending 8842 to \u00a31,500?",
      {"card_last4": ["8842"], "limit_type": ["online"], "amount": [1500]}),
    # 79
    S("car_rental.search", "plain",
      "Search rental cars at Faro Airport from 5 August 2027 to 12 August 2027, SUV class, for a driver aged 24.",
      {"pickup_location": ["Faro Airport", "Faro"], "pickup_date": ["2027-08-05"], "return_date": ["2027-08-12"],
       "car_class": ["suv"], "driver_age": [24]}),
]
