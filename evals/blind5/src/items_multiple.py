"""blind5_multiple: 30 cross items and 15 neighbour clusters of 2 items.

Cross item: the right function plus distractors from other domains.  build.py
inserts the right function at position (index mod number of functions).
Neighbour cluster: a fixed list of close functions from one domain, and two
items that each expect a different one of them.
"""


def X(fn, distractors, style, q, ans, exempt=()):
    return {"fn": fn, "distractors": list(distractors), "style": style, "q": q, "ans": ans,
            "exempt": list(exempt)}


def N(fn, style, q, ans, exempt=()):
    return {"fn": fn, "style": style, "q": q, "ans": ans, "exempt": list(exempt)}


CROSS = [
    # 0
    X("train.search", ["weather.get_forecast", "bank.transfer"], "plain",
      "Find trains from Milano Centrale to Roma Termini on 2027-06-11 departing after 07:45, first class.",
      {"origin_station": ["Milano Centrale"], "destination_station": ["Roma Termini"],
       "travel_date": ["2027-06-11"], "depart_after": ["07:45"], "travel_class": ["first"]}),
    # 1
    X("currency.convert", ["hotel.book_room"], "informal",
      "how much is 3,200 CHF in JPY at the moment?",
      {"amount": [3200], "from_currency": ["CHF"], "to_currency": ["JPY"]}),
    # 2
    X("sleep.log", ["thermostat.set_schedule", "music.create_playlist", "ci.trigger_pipeline"], "plain",
      "Log my sleep for the night of 19 January 2027: I went to bed at 23:10 and woke up at 06:40. Quality was 4 out of 5.",
      {"sleep_date": ["2027-01-19"], "bedtime": ["23:10"], "wake_time": ["06:40"], "quality": [4]}),
    # 3
    X("dns.create_record", ["telecom.port_number", "marketing.schedule_email_campaign"], "informal",
      "add a CNAME record in zone example.io: name docs, pointing to docs-site.netlify.app, ttl 300 pls",
      {"zone": ["example.io"], "record_type": ["CNAME"], "name": ["docs"], "value": ["docs-site.netlify.app"],
       "ttl_seconds": [300]}),
    # 4
    X("warehouse.transfer_stock", ["store.check_stock", "game.create_lobby"], "plain",
      "Move 480 units of SKU KB-7731 from warehouse WH-DAL to warehouse WH-ATL.",
      {"sku": ["KB-7731"], "from_warehouse": ["WH-DAL"], "to_warehouse": ["WH-ATL"], "quantity": [480]}),
    # 5
    X("meal_plan.generate", ["pet.feeding_calculator", "bmi.calculate"], "informal",
      "make me a 7 day vegan meal plan, around 2,100 calories a day, and leave out peanuts and soy please",
      {"days": [7], "diet": ["vegan"], "calories_per_day": [2100], "exclude_ingredients": [["peanuts", "soy"]]}),
    # 6
    X("tutoring.book_session", ["events.book_venue", "restaurant.book_table", "hr.request_leave"], "plain",
      "Book an online chemistry tutoring session with tutor TU-3318 on 9 April 2027 for 45 minutes.",
      {"subject": ["chemistry", "Chemistry"], "tutor_id": ["TU-3318"], "session_date": ["2027-04-09"],
       "duration_minutes": [45], "online": [True]}),
    # 7
    X("coupon.apply", ["security.rotate_api_key"], "informal",
      "apply the code SPRING-25OFF to my cart CRT-88120 plz",
      {"cart_id": ["CRT-88120"], "coupon_code": ["SPRING-25OFF"]}),
    # 8
    X("stats.t_test", ["stocks.get_quote", "astro.visibility"], "plain",
      "Run a t-test comparing sample A (12.1, 13.4, 11.8, 12.9) with sample B (14.2, 13.9, 15.1, 14.6) using the 'less' alternative.",
      {"sample_a": [[12.1, 13.4, 11.8, 12.9]], "sample_b": [[14.2, 13.9, 15.1, 14.6]], "alternative": ["less"]}),
    # 9
    X("vacuum.start_cleaning", ["air_quality.get_index", "podcast.publish_episode"], "informal",
      "start the robot vacuum in the kitchen and the hallway, turbo mode bc the dog shed everywhere",
      {"rooms": [["kitchen", "hallway"]], "mode": ["turbo"]}),
    # 10
    X("sports.player_stats", ["translate.text", "hr.post_job"], "plain",
      "Get the player stats for Lena Vosberg in the Frauen-Bundesliga for the 2025-26 season.",
      {"player_name": ["Lena Vosberg"], "competition": ["Frauen-Bundesliga"], "season": ["2025-26"]}),
    # 11
    X("payroll.calculate_net_pay", ["loan.monthly_payment", "geo.distance"], "informal",
      "what's my take-home if my gross is \u00a34,150 a month, tax code 1257L, with pension at 8%?",
      {"gross_monthly": [4150], "tax_code": ["1257L"], "pension_percent": [8]}),
    # 12
    X("legal.trademark_search", ["photo.batch_resize", "fleet.assign_driver"], "plain",
      "Search for the trademark BLUEFERN in Nice classes 9 and 42 in the EU.",
      {"mark": ["BLUEFERN"], "nice_classes": [[9, 42]], "jurisdiction": ["EU"]}),
    # 13
    X("news.search_articles", ["dictionary.define", "tickets.search_events", "mfg.create_work_order"], "informal",
      "find me news articles about heat pump subsidies from 1 October 2026 to 15 October 2026, sorted by date",
      {"query": ["heat pump subsidies"], "from_date": ["2026-10-01"], "to_date": ["2026-10-15"],
       "sort_by": ["date"]}),
    # 14
    X("weather.severe_alerts", ["insurance.file_claim", "garden.planting_calendar"], "plain",
      "Show active flood and storm alerts for Queensland.",
      {"region": ["Queensland"], "alert_types": [["flood", "storm"]]}),
    # 15
    X("ev.find_chargers", ["solar.estimate_output", "hotel.book_room"], "informal",
      "any EV chargers within 5 km of 45.76, 4.83? need CCS and at least 150 kW",
      {"latitude": [45.76], "longitude": [4.83], "radius_km": [5], "min_power_kw": [150], "connector": ["ccs"]}),
    # 16
    X("rental.submit_application", ["tax.estimate_income_tax", "pet.schedule_vet"], "plain",
      "Submit a rental application for listing LST-60214 for applicant Maria Okafor with a monthly income of 5,800, move-in date 1 September 2027, and no pets.",
      {"listing_id": ["LST-60214"], "applicant_name": ["Maria Okafor"], "monthly_income": [5800],
       "move_in_date": ["2027-09-01"], "has_pets": [False]}),
    # 17
    X("farm.log_harvest", ["qc.log_defect", "fitness.log_workout", "utility.submit_meter_reading"], "informal",
      "logging the harvest from field N-04: barley, 61.3 tonnes, harvested on 28 July 2027",
      {"field_id": ["N-04"], "crop": ["barley"], "yield_tonnes": [61.3], "harvest_date": ["2027-07-28"]}),
    # 18
    X("energy.compare_tariffs", ["shipping.get_quote", "music.get_chords"], "plain",
      "Compare energy tariffs for postcode LS6 2AB with an annual usage of 3,100 kWh on dual fuel, green tariffs only.",
      {"postcode": ["LS6 2AB"], "annual_kwh": [3100], "fuel": ["dual"], "green_only": [True]}),
    # 19
    X("telecom.check_coverage", ["property.search_listings", "visa.check_requirements"], "informal",
      "is there 5G coverage at 22 Harbour Street, Dunedin? thinking about moving there",
      {"address": ["22 Harbour Street, Dunedin", "22 Harbour Street Dunedin"], "technology": ["5g"]}),
    # 20
    X("game.redeem_code", ["coupon.apply"], "plain",
      "Redeem the code XJ4-99KL-PQ2 on gaming account GA-551203.",
      {"account_id": ["GA-551203"], "code": ["XJ4-99KL-PQ2"]}),
    # 21
    X("concert.find", ["weather.get_forecast", "car_rental.search"], "informal",
      "is Moonlit Harbor playing anywhere in Glasgow between 1 March 2027 and 30 April 2027??",
      {"artist": ["Moonlit Harbor"], "city": ["Glasgow"], "date_from": ["2027-03-01"], "date_to": ["2027-04-30"]}),
    # 22
    X("library.place_hold", ["store.process_return", "events.send_invitations"], "plain",
      "Place a hold on ISBN 978-0-14-303943-3 for library card LC-20417, for pickup at the Riverside branch.",
      {"card_number": ["LC-20417"], "isbn": ["978-0-14-303943-3", "9780143039433"],
       "pickup_branch": ["Riverside", "Riverside branch"]}),
    # 23
    X("calendar.create_event", ["restaurant.book_table", "parking.reserve_spot"], "informal",
      "can you put 'Q3 Budget Review' on the calendar starting 2027-07-06T14:00 for 90 minutes? invite ops@example.com and cfo@example.com",
      {"title": ["Q3 Budget Review"], "start": ["2027-07-06T14:00"], "duration_minutes": [90],
       "attendees": [["ops@example.com", "cfo@example.com"]]}),
    # 24
    X("pet.find_sitter", ["hotel.book_room", "hr.request_leave"], "plain",
      "Find a cat sitter in Porto from 10 December 2027 to 18 December 2027 for at most 25 euros per night.",
      {"city": ["Porto"], "species": ["cat"], "start_date": ["2027-12-10"], "end_date": ["2027-12-18"],
       "max_rate_per_night": [25]}),
    # 25
    X("fitness.create_training_plan", ["quiz.generate", "meal_plan.generate"], "informal",
      "wanna train for a half marathon - 16 weeks, 4 sessions per week, starting 3 January 2028. can you make the plan?",
      {"goal": ["half_marathon"], "weeks": [16], "sessions_per_week": [4], "start_date": ["2028-01-03"]}),
    # 26
    X("insurance.compare_car_quotes", ["vehicle.decode_vin", "gov.passport_appointment"], "plain",
      "Compare car insurance quotes for a 29-year-old driver covering 8,000 miles a year, postcode BS1 4DJ, with comprehensive coverage.",
      {"driver_age": [29], "annual_mileage": [8000], "postcode": ["BS1 4DJ"], "coverage": ["comprehensive"]}),
    # 27
    X("gov.report_issue", ["firewall.add_rule", "ads.set_budget"], "informal",
      "there's a massive pothole at the corner of Elm Avenue and 5th Street - can you report it? description: deep pothole in cycle lane",
      {"category": ["pothole"],
       "location": ["corner of Elm Avenue and 5th Street", "the corner of Elm Avenue and 5th Street",
                    "Elm Avenue and 5th Street"],
       "description": ["deep pothole in cycle lane", "Deep pothole in cycle lane"]}),
    # 28
    X("bike_share.unlock", ["video.transcode"], "plain",
      "Unlock an electric bike at station BS-0419 for member M-772301.",
      {"station_id": ["BS-0419"], "member_id": ["M-772301"], "bike_type": ["electric"]}),
    # 29
    X("security.audit_log_search", ["school.enroll_student", "kitchen.convert_units", "astro.meteor_showers"],
      "informal",
      "can you dig through the audit log for user jdoe, action delete_repository, between 2027-02-01T00:00 and 2027-02-03T23:59?",
      {"username": ["jdoe"], "action": ["delete_repository"], "from_time": ["2027-02-01T00:00"],
       "to_time": ["2027-02-03T23:59"]}),
]

CLUSTERS = [
    # 0 banking
    (["bank.freeze_card", "bank.unfreeze_card", "bank.replace_card"],
     N("bank.freeze_card", "plain",
       "My card ending in 4419 has been lost. Please freeze it.",
       {"card_last4": ["4419"], "reason": ["lost"]}),
     N("bank.unfreeze_card", "informal",
       "ok false alarm, found my card ending 7720 in my jacket pocket lol - can u unfreeze it?",
       {"card_last4": ["7720"]})),
    # 1 devops
    (["repo.create_branch", "repo.delete_branch", "repo.merge_branch"],
     N("repo.create_branch", "plain",
       "Create a branch named feature/pay-retry in the repository billing-core, branching from develop.",
       {"repository": ["billing-core"], "branch_name": ["feature/pay-retry"], "from_ref": ["develop"]}),
     N("repo.merge_branch", "informal",
       "can u merge hotfix/null-check into release/3.1 in billing-core? squash it pls",
       {"repository": ["billing-core"], "source_branch": ["hotfix/null-check"], "target_branch": ["release/3.1"],
        "squash": [True]})),
    # 2 hospitality
    (["hotel.modify_reservation", "hotel.cancel_reservation", "hotel.add_special_request"],
     N("hotel.modify_reservation", "plain",
       "Change reservation HX-44810 so that check-in is on 8 May 2027 and check-out is on 11 May 2027.",
       {"confirmation_number": ["HX-44810"], "new_check_in": ["2027-05-08"], "new_check_out": ["2027-05-11"]}),
     N("hotel.add_special_request", "informal",
       "hiya, for booking HX-90213 could you add the special request 'late checkout'? our flight leaves late",
       {"confirmation_number": ["HX-90213"], "request": ["late checkout", "Late checkout"]})),
    # 3 hr
    (["hr.onboard_employee", "hr.offboard_employee", "hr.transfer_employee"],
     N("hr.transfer_employee", "plain",
       "Transfer employee E-20931 to the Finance department, effective 1 April 2027.",
       {"employee_id": ["E-20931"], "new_department": ["Finance"], "effective_date": ["2027-04-01"]}),
     N("hr.onboard_employee", "informal",
       "heads up - Sanjay Mehta is joining on 2027-05-17 in Engineering, his manager is M-0042. pls get him onboarded",
       {"full_name": ["Sanjay Mehta"], "start_date": ["2027-05-17"], "department": ["Engineering"],
        "manager_id": ["M-0042"]})),
    # 4 retail
    (["order.track", "order.cancel", "order.change_address", "order.get_invoice"],
     N("order.track", "informal",
       "umm where's my order ORD-55120?? been waiting forever, can u track it",
       {"order_id": ["ORD-55120"]}),
     N("order.cancel", "plain",
       "Cancel order ORD-55871 because it was ordered by mistake.",
       {"order_id": ["ORD-55871"], "reason": ["ordered_by_mistake"]})),
    # 5 health
    (["clinic.book_appointment", "clinic.reschedule_appointment", "clinic.cancel_appointment"],
     N("clinic.reschedule_appointment", "plain",
       "Reschedule appointment APT-30917 to 2027-03-02 at 11:15.",
       {"appointment_id": ["APT-30917"], "new_datetime": ["2027-03-02 11:15"]}),
     N("clinic.book_appointment", "informal",
       "pls book patient P-88412 in with doctor D-117 on March 9, 2027 at 4 pm, reason is follow-up",
       {"patient_id": ["P-88412"], "doctor_id": ["D-117"], "appointment_datetime": ["2027-03-09 16:00"],
        "reason": ["follow-up", "follow up", "Follow-up"]})),
    # 6 logistics
    (["shipment.create_label", "shipment.track", "shipment.schedule_pickup"],
     N("shipment.track", "informal",
       "yo can you track 1Z999AA10123456784? it's a UPS one",
       {"tracking_number": ["1Z999AA10123456784"], "carrier": ["ups"]}),
     N("shipment.schedule_pickup", "plain",
       "Schedule a pickup of 3 packages at 415 Mission Street, San Francisco on 2027-08-12 in the afternoon.",
       {"address": ["415 Mission Street, San Francisco", "415 Mission Street San Francisco"],
        "pickup_date": ["2027-08-12"], "pickup_window": ["afternoon"], "package_count": [3]})),
    # 7 cooking
    (["recipe.search", "recipe.get_nutrition", "recipe.save_favorite"],
     N("recipe.search", "informal",
       "what can i cook with chickpeas, spinach and lemon in 30 minutes max? starving",
       {"ingredients": [["chickpeas", "spinach", "lemon"]], "max_minutes": [30]}),
     N("recipe.get_nutrition", "plain",
       "Get the nutrition information for recipe RCP-7712 for 2 servings.",
       {"recipe_id": ["RCP-7712"], "servings": [2]})),
    # 8 education
    (["course.add_assignment", "course.extend_deadline", "course.publish_grades"],
     N("course.add_assignment", "plain",
       "Add an assignment titled 'Lab Report 3' to course BIO-110, due on 2027-10-15 and worth 50 points.",
       {"course_code": ["BIO-110"], "title": ["Lab Report 3"], "due_date": ["2027-10-15"], "max_points": [50]}),
     N("course.extend_deadline", "informal",
       "student S-30017 was sick, can you extend their deadline for assignment A-7 in CHEM-220 to October 22, 2027?",
       {"course_code": ["CHEM-220"], "assignment_id": ["A-7"], "student_id": ["S-30017"],
        "new_due_date": ["2027-10-22"]})),
    # 9 media
    (["streaming.add_to_watchlist", "streaming.remove_from_watchlist", "streaming.rate_title"],
     N("streaming.remove_from_watchlist", "informal",
       "take TT-40912 off my watchlist pls (profile PR-3), already watched it",
       {"profile_id": ["PR-3"], "title_id": ["TT-40912"]}),
     N("streaming.rate_title", "plain",
       "Rate the title TT-88310 four stars on profile PR-1.",
       {"profile_id": ["PR-1"], "title_id": ["TT-88310"], "stars": [4]})),
    # 10 home
    (["lock.lock_door", "lock.unlock_door", "lock.create_guest_code", "lock.revoke_guest_code"],
     N("lock.create_guest_code", "plain",
       "Create guest code 482913 for door front-door, valid from 2027-06-20T15:00 until 2027-06-27T11:00.",
       {"door_id": ["front-door"], "code": ["482913"], "valid_from": ["2027-06-20T15:00"],
        "valid_until": ["2027-06-27T11:00"]}),
     N("lock.unlock_door", "informal",
       "plumber's here - unlock door garage-side and have it relock automatically after 10 minutes",
       {"door_id": ["garage-side"], "auto_relock_minutes": [10]})),
    # 11 finance
    (["portfolio.buy", "portfolio.sell", "portfolio.get_holdings"],
     N("portfolio.buy", "informal",
       "grab me 40 shares of NVDA, limit order at $118.50",
       {"ticker": ["NVDA"], "shares": [40], "order_type": ["limit"], "limit_price": [118.5]}),
     N("portfolio.sell", "plain",
       "Sell 15 shares of KO as a market order.",
       {"ticker": ["KO"], "shares": [15], "order_type": ["market"]})),
    # 12 sports
    (["league.schedule_match", "league.record_result", "league.postpone_match"],
     N("league.record_result", "plain",
       "Record the result of match M-2207: the home team scored 3 and the away team scored 1.",
       {"match_id": ["M-2207"], "home_score": [3], "away_score": [1]}),
     N("league.postpone_match", "informal",
       "match M-2231 is off cuz the pitch is waterlogged - postpone it, new date 2027-03-14",
       {"match_id": ["M-2231"], "reason": ["waterlogged pitch", "the pitch is waterlogged", "pitch is waterlogged"],
        "new_date": ["2027-03-14"]})),
    # 13 legal
    (["legal.draft_nda", "legal.review_contract"],
     N("legal.draft_nda", "plain",
       "Draft a mutual NDA between Corvid Labs and Halden Logistics, effective 1 March 2027, with a term of 24 months.",
       {"party_a": ["Corvid Labs"], "party_b": ["Halden Logistics"], "effective_date": ["2027-03-01"],
        "mutual": [True], "term_months": [24]}),
     N("legal.review_contract", "informal",
       "could u review DOC-55812? mostly care about the indemnity and termination clauses",
       {"document_id": ["DOC-55812"], "focus_areas": [["indemnity", "termination"]]})),
    # 14 science
    (["lab.book_instrument", "lab.order_reagent", "lab.log_sample"],
     N("lab.log_sample", "informal",
       "logging sample SMP-2027-0091 - it's plasma, going into the -80 C freezer",
       {"sample_id": ["SMP-2027-0091"], "sample_type": ["plasma"], "storage_temp_c": [-80]}),
     N("lab.order_reagent", "plain",
       "Order 6 bottles of reagent with catalog number R-4410-500.",
       {"catalog_number": ["R-4410-500"], "quantity": [6], "unit": ["bottle"]})),
]
