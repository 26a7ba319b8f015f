"""blind7_simple: 80 items, one function offered each.

Each item gives the style, the function, the user question and the answer
for every parameter the user sets (a list of acceptable values, in the
ground-truth format).  Unset optional parameters are filled in by build.py
("" plus the default, if any).  `exempt` lists literal_exempt parameters.
"""


def it(style, function, question, answer, exempt=()):
    return {"style": style, "function": function, "question": question,
            "answer": answer, "literal_exempt": list(exempt)}


SIMPLE = [
    # 0
    it("plain", "calendar.create_event",
       'Create a calendar event titled "Supplier negotiation" on March 18, 2027 from 10:30 to 12:00 in Conference Room B, '
       'and invite kofi.mensah@harborline.com and elena.petrova@harborline.com.',
       {"title": ["Supplier negotiation"], "date": ["2027-03-18"], "start_time": ["10:30"], "end_time": ["12:00"],
        "attendees": [["kofi.mensah@harborline.com", "elena.petrova@harborline.com"]],
        "location": ["Conference Room B"]}),
    # 1
    it("informal", "calendar.find_free_slot",
       "hey can u find a 45 min slot on 2027-05-06 where me (r.kaur@quillon.io) and d.novak@quillon.io are both free? "
       "nothing before 9am pls, i'm useless in the mornigns",
       {"attendees": [["r.kaur@quillon.io", "d.novak@quillon.io"]], "date": ["2027-05-06"],
        "duration_minutes": [45], "earliest_time": ["09:00"]}),
    # 2
    it("informal", "calendar.cancel_event",
       "cancel EVT-20931 for me but quietly, dont send the cancelation notice to the attendees, i'll call them myself",
       {"event_id": ["EVT-20931"], "notify_attendees": [False]}),
    # 3
    it("plain", "crm.log_activity",
       'Log a 25-minute call with contact CT-77120 on February 3, 2027, with the note "Discussed renewal pricing for 2028".',
       {"contact_id": ["CT-77120"], "activity_type": ["call"], "date": ["2027-02-03"], "duration_minutes": [25],
        "notes": ["Discussed renewal pricing for 2028"]}),
    # 4
    it("plain", "banking.get_transactions",
       "Show all transactions on account 4410-8823-01 between 1 March 2027 and 31 March 2027 that were at least $250.",
       {"account_id": ["4410-8823-01"], "start_date": ["2027-03-01"], "end_date": ["2027-03-31"],
        "min_amount": [250.0]}),
    # 5
    it("informal", "hotel.search_rooms",
       "looking for a hotel in lisbon, 3 of us, sept 10 to sept 14 2027. must have parking AND a pool, "
       "and nothing over 180 a night pls",
       {"city": ["Lisbon", "lisbon"], "check_in_date": ["2027-09-10"], "check_out_date": ["2027-09-14"],
        "guests": [3], "max_price_per_night": [180.0],
        "amenities": [["parking", "pool"], ["pool", "parking"]]}),
    # 6
    it("plain", "helpdesk.create_ticket",
       'Open an urgent network ticket for dana.whitfield@corvid.com with the subject "VPN drops every 10 minutes" and the '
       'description "Since updating to client version 5.2 the VPN disconnects every 10 minutes."',
       {"subject": ["VPN drops every 10 minutes"],
        "description": ["Since updating to client version 5.2 the VPN disconnects every 10 minutes."],
        "requester_email": ["dana.whitfield@corvid.com"], "priority": ["urgent"], "category": ["network"]}),
    # 7
    it("informal", "git.create_branch",
       "can you make a branch feature/invoice-export in nimbus/web-portal? branch it off develop not main plz",
       {"repository": ["nimbus/web-portal"], "branch_name": ["feature/invoice-export"], "source_branch": ["develop"]}),
    # 8
    it("plain", "cloud.create_instance",
       "Launch a virtual machine named analytics-worker-2 in region eu-west-3 with machine type e2-highmem-4 and a "
       "200 GB boot disk, in VPC vpc-7781 and subnet subnet-0c19, without a public IP address.",
       {"name": ["analytics-worker-2"], "region": ["eu-west-3"], "machine_type": ["e2-highmem-4"],
        "disk_size_gb": [200],
        "network": [{"vpc_id": ["vpc-7781"], "subnet_id": ["subnet-0c19"], "assign_public_ip": [False]}]}),
    # 9
    it("plain", "payroll.run_payroll",
       "Run payroll for the Logistics department for the period November 1 to November 15, 2027, with a pay date of "
       "November 19, 2027. This is the second of our 24 pay runs in 2027.",
       {"period_start_date": ["2027-11-01"], "period_end_date": ["2027-11-15"], "pay_date": ["2027-11-19"],
        "department": ["Logistics"]}),
    # 10
    it("informal", "smart_home.set_thermostat",
       "brr its freezing up here. set the upstairs zone to 21.5 degrees, heat mode",
       {"zone": ["upstairs"], "target_temperature": [21.5], "mode": ["heat"]}),
    # 11
    it("plain", "flights.search_flights",
       "Search for business class flights from JFK to NRT for 2 passengers, departing on 12 October 2027 and "
       "returning on 26 October 2027.",
       {"origin": ["JFK"], "destination": ["NRT"], "departure_date": ["2027-10-12"], "return_date": ["2027-10-26"],
        "passengers": [2], "cabin": ["business"]}),
    # 12
    it("plain", "recruiting.post_job",
       "Post a full-time Backend Engineer opening in the Platform department, based in Toronto, with a salary range "
       "of 110,000 to 140,000 CAD.",
       {"title": ["Backend Engineer"], "department": ["Platform"], "location": ["Toronto"],
        "employment_type": ["full_time"],
        "salary_range": [{"min_amount": [110000.0], "max_amount": [140000.0], "currency": ["CAD"]}]}),
    # 13
    it("informal", "inventory.set_reorder_point",
       "for sku BTL-500-BLU at warehouse WH-ATL-2 set the reorder point to 75 units and reorder 300 each time. "
       "we keep runing out lol",
       {"sku": ["BTL-500-BLU"], "warehouse_id": ["WH-ATL-2"], "reorder_point": [75], "reorder_quantity": [300]}),
    # 14
    it("informal", "weather.get_forecast",
       "whats the wheather gonna be in Reykjavik on 2 june 2027? give it to me in imperial, my brain doesnt do celsius",
       {"location": ["Reykjavik"], "date": ["2027-06-02"], "units": ["imperial"]}),
    # 15
    it("plain", "weather.get_air_quality",
       "What is the ozone forecast for Delhi on December 4, 2027?",
       {"city": ["Delhi"], "date": ["2027-12-04"], "pollutant": ["ozone"]}),
    # 16
    it("informal", "maps.get_directions",
       "how do i get from Union Station to 1450 Larimer St by cycling? leaving at 17:40 after work",
       {"origin": ["Union Station"], "destination": ["1450 Larimer St", "1450 Larimer Street"], "mode": ["cycling"],
        "departure_time": ["17:40"]}),
    # 17
    it("plain", "maps.find_nearby",
       "Find pharmacies that are open now within 1.5 km of Plaza Mayor, Madrid. I am in room 412 of a hotel there.",
       {"location": ["Plaza Mayor, Madrid", "Plaza Mayor"], "category": ["pharmacy", "pharmacies"],
        "radius_km": [1.5], "open_now": [True]}),
    # 18
    it("informal", "restaurant.reserve_table",
       "can u get us a table at Osteria Fiume on april 23rd 2027 at 7:30pm, six people. outdoor if they have it. "
       "and put 'one guest is celiac, needs gluten-free' in the notes",
       {"restaurant_name": ["Osteria Fiume"], "date": ["2027-04-23"], "time": ["19:30"], "party_size": [6],
        "seating": ["outdoor"],
        "special_requests": ["one guest is celiac, needs gluten-free", "One guest is celiac, needs gluten-free"]}),
    # 19
    it("plain", "restaurant.place_order",
       "Place a delivery order from restaurant R-5520 for a Margherita pizza, a Caesar salad and a tiramisu, "
       "delivered to 22 Rue Oberkampf, 75011 Paris, with an 18% tip.",
       {"restaurant_id": ["R-5520"], "items": [["Margherita pizza", "Caesar salad", "tiramisu"]],
        "delivery_address": ["22 Rue Oberkampf, 75011 Paris"], "tip_percent": [18]}),
    # 20
    it("informal", "recipes.search_recipes",
       "got chickpeas, spinach and coconut milk in the fridge.. any vegan recipes i can make in under 30 min?",
       {"ingredients": [["chickpeas", "spinach", "coconut milk"]], "max_prep_minutes": [30], "diet": ["vegan"]}),
    # 21
    it("plain", "recipes.scale_recipe",
       "Scale recipe RCP-3381 to 14 servings and show the quantities in US units.",
       {"recipe_id": ["RCP-3381"], "servings": [14], "unit_system": ["us"]}),
    # 22
    it("informal", "pharmacy.refill_prescription",
       "need a refill on rx 7730-118-42, i'll pick it up at the Elm Street branch on may 3rd 2027 if thats ok",
       {"prescription_number": ["7730-118-42"], "pharmacy_location": ["Elm Street", "Elm Street branch"],
        "pickup_date": ["2027-05-03"]}),
    # 23
    it("plain", "pharmacy.check_interactions",
       "Check warfarin, ibuprofen and omeprazole for interactions, reporting only major ones.",
       {"medications": [["warfarin", "ibuprofen", "omeprazole"]], "severity_threshold": ["major"]}),
    # 24
    it("plain", "clinic.book_appointment",
       "Book a video visit for patient P-009314 with Dr. Amara Nwosu on 15 January 2027 at 08:45; the reason is "
       "follow-up on blood test results.",
       {"patient_id": ["P-009314"], "doctor_name": ["Dr. Amara Nwosu", "Amara Nwosu"], "date": ["2027-01-15"],
        "time": ["08:45"], "visit_type": ["video"],
        "reason": ["follow-up on blood test results", "Follow-up on blood test results"]}),
    # 25
    it("informal", "vet.book_visit",
       "my cat Miso (she's 7 and like 4 kg lol) needs her vaccination, could we do 2027-08-11 at 4:15 pm?",
       {"pet_name": ["Miso"], "species": ["cat"], "service": ["vaccination"], "date": ["2027-08-11"],
        "time": ["16:15"]}),
    # 26
    it("plain", "insurance.file_claim",
       'File a home insurance claim on policy HOM-2291-77 for an incident on 29 January 2027, estimated at $4,820.50, '
       'with the description "Burst pipe flooded the kitchen floor".',
       {"policy_number": ["HOM-2291-77"], "incident_date": ["2027-01-29"], "claim_type": ["home"],
        "estimated_amount": [4820.5], "description": ["Burst pipe flooded the kitchen floor"]}),
    # 27
    it("informal", "real_estate.search_listings",
       "house hunting in austin, anything between $450,000 and $620,000 with at least 3 bedrooms. "
       "house only, no condos thx",
       {"city": ["Austin", "austin"], "min_price": [450000.0], "max_price": [620000.0], "min_bedrooms": [3],
        "property_type": ["house"]}),
    # 28
    it("plain", "real_estate.schedule_viewing",
       "Schedule a viewing of listing MLS-4471902 on 21 August 2027 at 11:00 for 2 people; my phone number is "
       "+1 512 555 0198.",
       {"listing_id": ["MLS-4471902"], "date": ["2027-08-21"], "time": ["11:00"],
        "contact_phone": ["+1 512 555 0198"], "attendees": [2]}),
    # 29
    it("informal", "rideshare.request_ride",
       "yo need an xl from 300 Harbour Blvd to Sydney Airport Terminal 2, pickup at 05:10, got lots of bags",
       {"pickup_address": ["300 Harbour Blvd"], "dropoff_address": ["Sydney Airport Terminal 2"],
        "ride_type": ["xl"], "pickup_time": ["05:10"]}),
    # 30
    it("plain", "car_rental.reserve_car",
       "Reserve an SUV at Denver International Airport, picking it up on July 2, 2027 at 9:30 AM and returning it on "
       "July 9, 2027 at 6:00 PM. My airline confirmation number is UA-9918.",
       {"pickup_location": ["Denver International Airport"], "pickup_date": ["2027-07-02"],
        "pickup_time": ["09:30"], "return_date": ["2027-07-09"], "return_time": ["18:00"], "car_class": ["suv"]}),
    # 31
    it("informal", "rail.search_trains",
       "any trains from Zürich HB to Milano Centrale on 5 sept 2027? not before 07:00 and max 1 change pls",
       {"origin_station": ["Zürich HB"], "destination_station": ["Milano Centrale"], "date": ["2027-09-05"],
        "earliest_departure_time": ["07:00"], "max_changes": [1]}),
    # 32
    it("informal", "parking.reserve_spot",
       "book me parking at garage PK-DT-07 on 14 june 2027 from 8am till 5:30pm, plate is 7KLM 293. "
       "oh and i need ev charging",
       {"facility_id": ["PK-DT-07"], "license_plate": ["7KLM 293", "7KLM293"], "date": ["2027-06-14"],
        "start_time": ["08:00"], "end_time": ["17:30"], "ev_charging": [True]}),
    # 33
    it("plain", "shipping.create_shipment",
       "Create an express shipment of a 2.4 kg parcel to Hannah Schulz, Lindenstraße 14, 10969 Berlin, Germany, "
       "insured for €350, with a signature required on delivery.",
       {"recipient": [{"name": ["Hannah Schulz"], "street": ["Lindenstraße 14"], "city": ["Berlin"],
                       "postal_code": ["10969"], "country": ["Germany", "DE"]}],
        "weight_kg": [2.4], "service": ["express"], "insured_value": [350.0], "signature_required": [True]}),
    # 34
    it("informal", "shipping.track_package",
       "where is my package?? its dhl, tracking JD014600006281930212. been waiting forever",
       {"tracking_number": ["JD014600006281930212"], "carrier": ["dhl"]}),
    # 35
    it("plain", "invoicing.create_invoice",
       'Create an invoice for client CL-2044 for AUD 12,750.00, due on 30 June 2027, with the description '
       '"Website redesign, phase 2", and send it to the client immediately.',
       {"client_id": ["CL-2044"], "amount": [12750.0], "currency": ["AUD"], "due_date": ["2027-06-30"],
        "description": ["Website redesign, phase 2"], "send_now": [True]}),
    # 36
    it("informal", "invoicing.record_payment",
       "finally got paid for INV-10382!! $3,200 by bank transfer, it landed feb 12th 2027",
       {"invoice_id": ["INV-10382"], "amount": [3200.0], "payment_date": ["2027-02-12"],
        "method": ["bank_transfer"]}),
    # 37
    it("informal", "expenses.submit_expense",
       "submitting a meals expense: dinner w/ the client at Burnt Ends, SGD 286.40 on 9 nov 2027, "
       "charge it to project PRJ-ASIA-12",
       {"amount": [286.4], "currency": ["SGD"], "category": ["meals"], "date": ["2027-11-09"],
        "merchant": ["Burnt Ends"], "project_code": ["PRJ-ASIA-12"]}),
    # 38
    it("plain", "accounting.create_journal_entry",
       'Post a journal entry dated 31 December 2027 that debits account 6100 and credits account 2150 for 8,400.00, '
       'with the memo "Accrued consulting fees" (see audit note 117).',
       {"entry_date": ["2027-12-31"], "debit_account": ["6100"], "credit_account": ["2150"], "amount": [8400.0],
        "memo": ["Accrued consulting fees"]}),
    # 39
    it("informal", "tax.estimate_tax",
       "rough tax estimate for 2027? filing as head of household in Oregon, made about 94,300 and i've got "
       "12,600 in deductions",
       {"tax_year": [2027], "annual_income": [94300.0], "filing_status": ["head_of_household"],
        "state": ["Oregon", "OR"], "deductions": [12600.0]}),
    # 40
    it("plain", "stocks.place_order",
       "Place a limit order to buy 150 shares of MSFT at $412.35, good till cancelled (GTC). I already hold 300 shares.",
       {"symbol": ["MSFT"], "side": ["buy"], "quantity": [150], "order_type": ["limit"], "limit_price": [412.35],
        "time_in_force": ["gtc"]}),
    # 41
    it("informal", "stocks.set_price_alert",
       "ping me by sms if NVDA drops below 118.50 pls",
       {"symbol": ["NVDA"], "target_price": [118.5], "direction": ["below"], "notify_by": ["sms"]}),
    # 42
    it("informal", "payments.send_money",
       "send €45 to jonas.weber@posteo.de, note 'concert tix' :)",
       {"recipient": ["jonas.weber@posteo.de"], "amount": [45.0], "currency": ["EUR"], "note": ["concert tix"]},
       exempt=["currency"]),
    # 43
    it("plain", "timesheet.log_hours",
       "Log 6.5 non-billable hours for employee E-4410 on project INT-TRAINING on 8 March 2027.",
       {"employee_id": ["E-4410"], "project_code": ["INT-TRAINING"], "date": ["2027-03-08"], "hours": [6.5],
        "billable": [False]}),
    # 44
    it("informal", "project.create_task",
       "add a task to project PRJ-ORION: 'Fix login timeout on Safari', give it to wei.zhang@orionapps.com, "
       "due 2027-07-15, high prio, tag it bug + frontend",
       {"project_id": ["PRJ-ORION"], "title": ["Fix login timeout on Safari"],
        "assignee_email": ["wei.zhang@orionapps.com"], "due_date": ["2027-07-15"], "priority": ["high"],
        "labels": [["bug", "frontend"]]}),
    # 45
    it("plain", "ci.trigger_pipeline",
       "Trigger the deploy pipeline of repository payments/api-gateway on branch release/3.14, targeting the staging "
       "environment with 4 replicas as a dry run.",
       {"repository": ["payments/api-gateway"], "branch": ["release/3.14"], "pipeline": ["deploy"],
        "options": [{"target_env": ["staging"], "dry_run": [True], "replicas": [4]}]}),
    # 46
    it("plain", "dns.create_record",
       "Add an MX record to the zone harborline.com with the name @ pointing to mail.harborline.com, priority 10 and "
       "a TTL of 600 seconds.",
       {"zone": ["harborline.com"], "record_type": ["MX"], "name": ["@"], "value": ["mail.harborline.com"],
        "ttl": [600], "priority": [10]}),
    # 47
    it("informal", "database.restore_backup",
       "restore backup BKP-88412 into orders_staging pls. its fine to overwrite whatever's in there",
       {"backup_id": ["BKP-88412"], "target_database": ["orders_staging"], "overwrite": [True]}),
    # 48
    it("plain", "storage.share_file",
       "Share the file /Finance/2027/forecast_v3.xlsx with mei.tanaka@kitsune.jp and raul.ortiz@kitsune.jp with "
       "comment access until 30 September 2027.",
       {"file_path": ["/Finance/2027/forecast_v3.xlsx"], "emails": [["mei.tanaka@kitsune.jp", "raul.ortiz@kitsune.jp"]],
        "permission": ["comment"], "expiry_date": ["2027-09-30"]}),
    # 49
    it("informal", "photos.resize_image",
       "can u resize IMG_4471 to 1920x1080 and save it as webp? strip the metadata too, dont want my location out there",
       {"image_id": ["IMG_4471"], "width": [1920], "height": [1080], "format": ["webp"], "keep_metadata": [False]}),
    # 50
    it("plain", "video.schedule_stream",
       'Schedule an unlisted live stream titled "Quarterly Town Hall" on 17 June 2027 at 16:00, running 90 minutes, '
       'with the chat disabled.',
       {"title": ["Quarterly Town Hall"], "date": ["2027-06-17"], "start_time": ["16:00"],
        "visibility": ["unlisted"], "duration_minutes": [90], "chat_enabled": [False]}),
    # 51
    it("informal", "podcast.publish_episode",
       "publish ep 42 of show POD-TECHTALK, title 'Rust in Production', audio is at https://cdn.techtalk.fm/ep42.mp3, "
       "go live 2027-03-01. theres some swearing so mark it explicit",
       {"show_id": ["POD-TECHTALK"], "title": ["Rust in Production"], "audio_url": ["https://cdn.techtalk.fm/ep42.mp3"],
        "episode_number": [42], "publish_date": ["2027-03-01"], "explicit": [True]}),
    # 52
    it("plain", "library.place_hold",
       "Place a hold on ISBN 978-0-14-311755-3 with library card 21987004412873 for pickup at the Riverside branch, "
       "and notify me by SMS.",
       {"card_number": ["21987004412873"], "isbn": ["978-0-14-311755-3"],
        "pickup_branch": ["Riverside", "Riverside branch"], "notify_by": ["sms"]}),
    # 53
    it("informal", "lms.create_assignment",
       "make an assignment in CHEM-201 called 'Lab Report 4: Titration', due 2027-10-22 at 11:59pm, worth 50 points. "
       "late submissions r ok",
       {"course_id": ["CHEM-201"], "title": ["Lab Report 4: Titration"], "due_date": ["2027-10-22"],
        "due_time": ["23:59"], "max_points": [50], "allow_late": [True]}),
    # 54
    it("plain", "translation.translate_text",
       'Translate "Your order has been shipped and will arrive within three business days." from English into '
       'German, in a formal tone.',
       {"text": ["Your order has been shipped and will arrive within three business days."],
        "target_language": ["German", "de"], "source_language": ["English", "en"], "formality": ["formal"]}),
    # 55
    it("informal", "survey.create_survey",
       "set up a quick anonymous survey 'Office Move Feedback' with 2 questions: 'How is your new commute?' and "
       "'What should we improve in the new space?' and close it on 15 jan 2028",
       {"title": ["Office Move Feedback"],
        "questions": [["How is your new commute?", "What should we improve in the new space?"]],
        "anonymous": [True], "close_date": ["2028-01-15"]}),
    # 56
    it("plain", "newsletter.schedule_campaign",
       'Schedule a campaign to list LST-7730 with the subject "Spring Collection Is Here" for 4 March 2027 at 09:00, '
       'sent only to the vip-customers segment.',
       {"list_id": ["LST-7730"], "subject": ["Spring Collection Is Here"], "send_date": ["2027-03-04"],
        "send_time": ["09:00"], "segment": ["vip-customers"]}),
    # 57
    it("informal", "social.schedule_post",
       'pls schedule this on linkedin for aug 30 2027 at 12:15: "We are hiring 3 product designers in Lisbon!" '
       'w/ hashtags hiring and design',
       {"platform": ["linkedin"], "text": ["We are hiring 3 product designers in Lisbon!"],
        "publish_date": ["2027-08-30"], "publish_time": ["12:15"],
        "hashtags": [["hiring", "design"], ["#hiring", "#design"]]}),
    # 58
    it("plain", "chat.create_channel",
       'Create a private channel named incident-2027-q3 with the members amir, bea and chen, and set the topic to '
       '"Post-mortem coordination".',
       {"name": ["incident-2027-q3"], "private": [True], "members": [["amir", "bea", "chen"]],
        "topic": ["Post-mortem coordination"]}),
    # 59
    it("informal", "passwords.generate_password",
       "need a new password, 24 chars, no symbols pls (the old router chokes on them)",
       {"length": [24], "include_symbols": [False]}),
    # 60
    it("plain", "printing.print_document",
       "Print 3 double-sided copies of board_pack_final.pdf on printer PRN-4F-EAST, pages 2-18 only, in colour.",
       {"file_name": ["board_pack_final.pdf"], "printer_id": ["PRN-4F-EAST"], "copies": [3], "duplex": [True],
        "page_range": ["2-18"], "color": [True]}),
    # 61
    it("informal", "energy.get_usage",
       "how much power did meter MTR-00871 use from jan 1 to jan 31 2027? hourly breakdown plz",
       {"meter_id": ["MTR-00871"], "start_date": ["2027-01-01"], "end_date": ["2027-01-31"],
        "granularity": ["hourly"]}),
    # 62
    it("plain", "telecom.add_roaming_pass",
       "Add a 10-day roaming pass for Japan with 5 GB of data to the number +44 7700 900123.",
       {"phone_number": ["+44 7700 900123"], "country": ["Japan"], "days": [10], "data_gb": [5]}),
    # 63
    it("informal", "events.buy_tickets",
       "grab me four tix for event EV-88231, balcony if possible, but dont pay more than $95 each",
       {"event_id": ["EV-88231"], "quantity": [4], "section": ["balcony"], "max_price_each": [95.0]}),
    # 64
    it("plain", "contracts.send_for_signature",
       "Send contract DOC-55817 for signature first to olga.ivanova@meridianlaw.com and then to "
       "peter.lund@meridianlaw.com, with a deadline of 10 April 2027 and reminders every 2 days.",
       {"document_id": ["DOC-55817"], "signer_emails": [["olga.ivanova@meridianlaw.com", "peter.lund@meridianlaw.com"]],
        "deadline_date": ["2027-04-10"], "reminder_interval_days": [2]}),
    # 65
    it("informal", "fleet.schedule_maintenance",
       "truck VH-212 needs a brake service, can we book 19 october 2027? odometer says 148,250 km rn. "
       "last oil change was on 2 march 2027 btw",
       {"vehicle_id": ["VH-212"], "service_type": ["brake_service"], "date": ["2027-10-19"],
        "odometer_km": [148250]}),
    # 66
    it("plain", "fx.convert_currency",
       "Convert 250,000 Japanese yen into Swiss francs at the exchange rate of 2 May 2027.",
       {"amount": [250000.0], "from_currency": ["JPY"], "to_currency": ["CHF"], "rate_date": ["2027-05-02"]},
       exempt=["from_currency", "to_currency"]),
    # 67
    it("informal", "grocery.schedule_delivery",
       "can my grocery order GR-661029 come on 3 dec 2027 between 6pm and 8pm? just leave it at the door, "
       "i might be in the shower haha",
       {"order_id": ["GR-661029"], "date": ["2027-12-03"], "window_start_time": ["18:00"],
        "window_end_time": ["20:00"], "leave_at_door": [True]}),
    # 68
    it("plain", "hr.request_time_off",
       "Request vacation leave for employee EMP-1207 from August 16 through August 27, 2027.",
       {"employee_id": ["EMP-1207"], "leave_type": ["vacation"], "start_date": ["2027-08-16"],
        "end_date": ["2027-08-27"]}),
    # 69
    it("informal", "hr.update_address",
       "i moved!! employee id EMP-3390, new adress is 48 Kingfisher Way, Apt 5B, Leeds LS2 7HJ, UK. "
       "starting from the 1st of may 2027",
       {"employee_id": ["EMP-3390"],
        "address": [{"street": ["48 Kingfisher Way"], "unit": ["Apt 5B", "5B"], "city": ["Leeds"],
                     "postal_code": ["LS2 7HJ"], "country": ["UK", "United Kingdom", "GB"]}],
        "effective_date": ["2027-05-01"]}),
    # 70
    it("plain", "access.grant_badge",
       "Grant employee EMP-5561 badge access to floors 3, 4 and 7 of the Harbor Tower building until 31 January 2028.",
       {"employee_id": ["EMP-5561"], "building": ["Harbor Tower"], "floors": [[3, 4, 7]],
        "valid_until_date": ["2028-01-31"]}),
    # 71
    it("informal", "news.search_articles",
       "find me news about lithium mining from march 1 to march 15 2027, only from reuters and the guardian",
       {"query": ["lithium mining"], "from_date": ["2027-03-01"], "to_date": ["2027-03-15"],
        "sources": [["Reuters", "The Guardian"], ["reuters", "the guardian"]]}),
    # 72
    it("plain", "notes.create_note",
       'Create a note titled "Gate codes" with the content "Main gate 4471, loading dock 9902" in the folder '
       '"Facilities", and pin it.',
       {"title": ["Gate codes"], "content": ["Main gate 4471, loading dock 9902"], "folder": ["Facilities"],
        "pinned": [True]}),
    # 73
    it("informal", "conferencing.create_meeting",
       "set up a video call 'Design crit' on 2027-06-08 at 3pm, an hour and a half, make li.na@studio9.cn co-host. "
       "no waiting room pls",
       {"topic": ["Design crit"], "date": ["2027-06-08"], "start_time": ["15:00"], "duration_minutes": [90],
        "waiting_room": [False], "co_host_emails": [["li.na@studio9.cn"]]},
       exempt=["duration_minutes"]),
    # 74
    it("plain", "analytics.run_report",
       "Run an analytics report for property GA-310558 with the metrics sessions, bounce_rate and conversions from "
       "1 April 2027 to 30 April 2027, broken down by country.",
       {"property_id": ["GA-310558"], "metrics": [["sessions", "bounce_rate", "conversions"]],
        "start_date": ["2027-04-01"], "end_date": ["2027-04-30"], "dimension": ["country"]}),
    # 75
    it("informal", "monitoring.create_alert",
       "alert #ops-alerts if p95_latency on checkout-api goes above 750 ms for 5 min straight",
       {"service": ["checkout-api"], "metric": ["p95_latency"], "threshold": [750.0], "comparison": ["above"],
        "window_minutes": [5], "notify_channel": ["#ops-alerts"]}),
    # 76
    it("informal", "calendar.create_event",
       "put 'Dentist' in my calender for 9 feb 2027, 8:00 to 8:45, at Bright Smile Clinic, remind me 30 mins before",
       {"title": ["Dentist"], "date": ["2027-02-09"], "start_time": ["08:00"], "end_time": ["08:45"],
        "location": ["Bright Smile Clinic"], "reminder_minutes": [30]}),
    # 77
    it("plain", "stocks.place_order",
       "Place a market order to sell 40 shares of TSLA.",
       {"symbol": ["TSLA"], "side": ["sell"], "quantity": [40], "order_type": ["market"]}),
    # 78
    it("informal", "translation.translate_text",
       "how do u say 'Where is the nearest train station?' in japanese",
       {"text": ["Where is the nearest train station?"], "target_language": ["Japanese", "japanese", "ja"]}),
    # 79
    it("plain", "fitness.get_summary",
       "Give me a summary of my steps from 1 October 2027 to 31 October 2027.",
       {"start_date": ["2027-10-01"], "end_date": ["2027-10-31"], "metric": ["steps"]}),
]
