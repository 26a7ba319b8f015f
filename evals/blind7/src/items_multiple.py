"""blind7_multiple: 30 cross items and 15 neighbour clusters of 2 items.

Cross items offer 2-4 functions from pairwise different domains; exactly one
fits.  A neighbour cluster offers the same 2-4 close functions of one domain
to both of its items, and each item expects a different function.
Answers list only the parameters the user sets; build.py fills the rest.
"""


def it(style, function, question, answer, offered=None, exempt=()):
    d = {"style": style, "function": function, "question": question,
         "answer": answer, "literal_exempt": list(exempt)}
    if offered is not None:
        d["offered"] = list(offered)
    return d


CROSS = [
    # 0
    it("plain", "vet.log_weight",
       "Record that pet PET-2231 weighed 8.4 kg at the weigh-in on 12 May 2027.",
       {"pet_id": ["PET-2231"], "weight_kg": [8.4], "date": ["2027-05-12"]},
       offered=["fitness.log_workout", "vet.log_weight", "grocery.schedule_delivery"]),
    # 1
    it("informal", "insurance.get_quote",
       "how much would renters insurance cost me for 30k of coverage? zip is 60614, with a 500 deductible. "
       "my credit score is 742 if that matters",
       {"product": ["renters"], "coverage_amount": [30000.0], "postal_code": ["60614"], "deductible": [500.0]},
       offered=["insurance.get_quote", "real_estate.search_listings", "tax.estimate_tax"]),
    # 2
    it("plain", "real_estate.calculate_mortgage",
       "Calculate the monthly mortgage payment on a $540,000 home with $108,000 down at an interest rate of 6.25% "
       "over 30 years.",
       {"home_price": [540000.0], "down_payment": [108000.0], "interest_rate_percent": [6.25], "term_years": [30]},
       offered=["banking.schedule_transfer", "tax.estimate_tax", "real_estate.calculate_mortgage"]),
    # 3
    it("informal", "rideshare.estimate_fare",
       "roughly what would a premium ride cost from the Ferry Building to 2100 Mission St? not booking yet, just curious",
       {"pickup_address": ["Ferry Building", "the Ferry Building"], "dropoff_address": ["2100 Mission St"],
        "ride_type": ["premium"]},
       offered=["rideshare.estimate_fare", "maps.get_directions", "parking.reserve_spot", "car_rental.reserve_car"]),
    # 4
    it("plain", "rail.buy_ticket",
       "Buy 2 first class tickets on train ICE-578 with seat reservations.",
       {"train_id": ["ICE-578"], "passengers": [2], "fare_class": ["first"], "seat_reservation": [True]},
       offered=["flights.check_in", "rail.buy_ticket"]),
    # 5
    it("informal", "parking.pay_citation",
       "ugh got a parking ticket, citation PC-7719-204, its $65. pay it with my card ending 4412",
       {"citation_number": ["PC-7719-204"], "amount": [65.0], "card_last_four": ["4412"]},
       offered=["payments.send_money", "parking.pay_citation", "invoicing.record_payment"]),
    # 6
    it("plain", "invoicing.send_reminder",
       'Send a payment reminder for invoice INV-20877 with the message "This invoice is now 15 days overdue." '
       'and do not attach the PDF.',
       {"invoice_id": ["INV-20877"], "message": ["This invoice is now 15 days overdue."], "attach_pdf": [False]},
       offered=["email.send_message", "invoicing.send_reminder", "chat.post_message"]),
    # 7
    it("informal", "expenses.create_report",
       "bundle expenses EXP-301, EXP-302 and EXP-309 into a report called 'Berlin offsite' and submit it straight away",
       {"title": ["Berlin offsite"], "expense_ids": [["EXP-301", "EXP-302", "EXP-309"]], "submit": [True]},
       offered=["expenses.create_report", "analytics.run_report", "survey.export_responses"]),
    # 8
    it("plain", "accounting.close_period",
       "Close the accounting period 2027-06 for entity ENT-DE-01, but leave it unlocked.",
       {"period": ["2027-06"], "entity_id": ["ENT-DE-01"], "lock": [False]},
       offered=["payroll.run_payroll", "accounting.close_period", "calendar.cancel_event"]),
    # 9
    it("informal", "stocks.get_quote",
       "whats AAPL trading at on NASDAQ rn?",
       {"symbol": ["AAPL"], "exchange": ["NASDAQ"]},
       offered=["fx.convert_currency", "stocks.get_quote", "weather.get_alerts"]),
    # 10
    it("plain", "payments.request_money",
       'Request MXN 1,250 from carla.mendez@correo.mx with the note "Cabin rental share", due by 20 July 2027.',
       {"from_contact": ["carla.mendez@correo.mx"], "amount": [1250.0], "currency": ["MXN"],
        "note": ["Cabin rental share"], "due_date": ["2027-07-20"]},
       offered=["payments.request_money", "invoicing.create_invoice", "crm.log_activity"]),
    # 11
    it("informal", "timesheet.submit_timesheet",
       "submit my timesheet for the week starting 2027-09-06 pls, i'm E-4410",
       {"employee_id": ["E-4410"], "week_start_date": ["2027-09-06"]},
       offered=["hr.request_time_off", "timesheet.submit_timesheet", "payroll.update_salary"]),
    # 12
    it("plain", "project.move_task",
       "Move task ORI-482 to the in review column.",
       {"task_id": ["ORI-482"], "status": ["in_review"]},
       offered=["project.move_task", "helpdesk.close_ticket", "git.merge_pull_request"]),
    # 13
    it("informal", "ci.cancel_build",
       "pls cancel build BLD-88120 asap, its been stuck for 40 minutes",
       {"build_id": ["BLD-88120"]},
       offered=["ci.cancel_build", "cloud.delete_instance", "printing.cancel_job"]),
    # 14
    it("plain", "dns.delete_record",
       "Delete the DNS record rec-5f21a9 from the zone kitsune.jp.",
       {"zone": ["kitsune.jp"], "record_id": ["rec-5f21a9"]},
       offered=["storage.create_folder", "dns.delete_record", "database.create_backup"]),
    # 15
    it("informal", "database.create_backup",
       "back up the billing_prod database to s3://acme-db-backups and keep it for 90 days k thx",
       {"database_name": ["billing_prod"], "destination_bucket": ["s3://acme-db-backups"], "retention_days": [90]},
       offered=["cloud.snapshot_volume", "database.create_backup"]),
    # 16
    it("plain", "storage.create_folder",
       'Create a folder named "Contracts 2028" inside /Legal/Clients.',
       {"parent_path": ["/Legal/Clients"], "folder_name": ["Contracts 2028"]},
       offered=["notes.create_note", "storage.create_folder", "contracts.send_for_signature"]),
    # 17
    it("informal", "photos.create_album",
       "make an album 'Iceland 2027' with photos PH-1101, PH-1102 and PH-1140, and share it w/ the family",
       {"title": ["Iceland 2027"], "photo_ids": [["PH-1101", "PH-1102", "PH-1140"]], "shared": [True]},
       offered=["photos.create_album", "music.create_playlist", "social.schedule_post"]),
    # 18
    it("plain", "video.add_captions",
       "Add the Spanish captions from https://files.example.org/cc/vid-9931-es.vtt to video VID-9931 and make them "
       "the default track.",
       {"video_id": ["VID-9931"], "language": ["Spanish", "es"],
        "caption_file_url": ["https://files.example.org/cc/vid-9931-es.vtt"], "set_default": [True]},
       offered=["translation.translate_text", "podcast.get_stats", "video.add_captions"]),
    # 19
    it("informal", "library.renew_loan",
       "can i renew the book with barcode 31205004471289? card number 21987004412873. its due on 14 march 2027 "
       "and im not done with it lol",
       {"card_number": ["21987004412873"], "item_barcode": ["31205004471289"]},
       offered=["library.renew_loan", "events.buy_tickets"]),
    # 20
    it("plain", "lms.enroll_student",
       "Enroll fatima.zahra@uni-rabat.ma in course HIST-310 as an auditor.",
       {"course_id": ["HIST-310"], "student_email": ["fatima.zahra@uni-rabat.ma"], "role": ["auditor"]},
       offered=["newsletter.add_subscriber", "lms.enroll_student", "chat.create_channel"]),
    # 21
    it("informal", "newsletter.add_subscriber",
       "add bruno.costa@mailbox.pt to list LST-2210, first name Bruno. skip the double opt-in, "
       "he already confirmd on the phone",
       {"list_id": ["LST-2210"], "email": ["bruno.costa@mailbox.pt"], "first_name": ["Bruno"],
        "double_opt_in": [False]},
       offered=["crm.create_contact", "newsletter.add_subscriber", "lms.enroll_student", "survey.create_survey"]),
    # 22
    it("plain", "chat.post_message",
       'Post "Deploy finished, all checks green." in the #release channel as a reply in thread TH-55102.',
       {"channel": ["#release", "release"], "text": ["Deploy finished, all checks green."],
        "thread_id": ["TH-55102"]},
       offered=["chat.post_message", "email.create_draft", "social.reply_to_comment"]),
    # 23
    it("informal", "passwords.share_credential",
       "share the wifi login (vault item VLT-0093) with guest.it@harborline.com, it should expire after 48 hours",
       {"item_id": ["VLT-0093"], "recipient_email": ["guest.it@harborline.com"], "expires_in_hours": [48]},
       offered=["storage.share_file", "passwords.share_credential"]),
    # 24
    it("plain", "telecom.change_plan",
       "Switch account ACC-771204 to plan UNL-PLUS-60 effective 1 November 2027.",
       {"account_number": ["ACC-771204"], "plan_code": ["UNL-PLUS-60"], "effective_date": ["2027-11-01"]},
       offered=["telecom.change_plan", "energy.get_usage", "insurance.file_claim"]),
    # 25
    it("informal", "contracts.renew_contract",
       "renew contract CTR-3307 thru 31 march 2029 with a 4.5% price increase",
       {"contract_id": ["CTR-3307"], "new_end_date": ["2029-03-31"], "price_increase_percent": [4.5]},
       offered=["contracts.renew_contract", "hotel.cancel_booking", "fx.convert_currency"]),
    # 26
    it("plain", "fleet.assign_driver",
       "Assign driver DRV-0457 to vehicle VH-118 from 6 September 2027 to 17 September 2027.",
       {"vehicle_id": ["VH-118"], "driver_id": ["DRV-0457"], "start_date": ["2027-09-06"],
        "end_date": ["2027-09-17"]},
       offered=["car_rental.reserve_car", "fleet.assign_driver", "recruiting.schedule_interview",
                "access.revoke_badge"]),
    # 27
    it("informal", "grocery.add_to_cart",
       "add oat milk, sourdough bread and eggs to my cart at store ST-0412. no substitutions pls, "
       "last time they gave me almond milk ugh",
       {"store_id": ["ST-0412"], "items": [["oat milk", "sourdough bread", "eggs"]],
        "substitutions_allowed": [False]},
       offered=["recipes.search_recipes", "grocery.add_to_cart", "restaurant.place_order"]),
    # 28
    it("plain", "clinic.cancel_appointment",
       'Cancel appointment APT-66102 with the reason "Patient admitted to hospital".',
       {"appointment_id": ["APT-66102"], "reason": ["Patient admitted to hospital"]},
       offered=["vet.book_visit", "clinic.cancel_appointment", "calendar.cancel_event"]),
    # 29
    it("informal", "monitoring.mute_alert",
       "mute alert ALR-3391 until 2027-11-28 at 06:00, we're doing maintenance all night",
       {"alert_id": ["ALR-3391"], "until_date": ["2027-11-28"], "until_time": ["06:00"]},
       offered=["monitoring.mute_alert", "smart_home.schedule_scene", "energy.set_usage_alert"]),
]


CLUSTERS = [
    # 0
    {"functions": ["email.send_message", "email.create_draft", "email.schedule_message"],
     "items": [
         it("plain", "email.send_message",
            'Send an email now to priya.raman@northwind.io, copying tom.becker@northwind.io, with the subject '
            '"Vendor shortlist" and the body "The final vendor shortlist is in the shared folder." Mark it as high '
            'priority.',
            {"to": [["priya.raman@northwind.io"]], "subject": ["Vendor shortlist"],
             "body": ["The final vendor shortlist is in the shared folder."], "cc": [["tom.becker@northwind.io"]],
             "priority": ["high"]}),
         it("informal", "email.schedule_message",
            "dont send it yet, have it go out on 2 april 2027 at 8:15am Europe/Berlin time. to j.okafor@lumen-labs.de, "
            "subject 'Kickoff agenda', body 'Agenda for the kickoff is in the wiki.'",
            {"to": [["j.okafor@lumen-labs.de"]], "subject": ["Kickoff agenda"],
             "body": ["Agenda for the kickoff is in the wiki."], "send_date": ["2027-04-02"],
             "send_time": ["08:15"], "timezone": ["Europe/Berlin"]}),
     ]},
    # 1
    {"functions": ["crm.create_contact", "crm.update_contact", "crm.merge_contacts"],
     "items": [
         it("plain", "crm.update_contact",
            "Update contact CT-40917 with the new email address lena.fischer@brightpath.eu and the job title "
            "Head of Procurement.",
            {"contact_id": ["CT-40917"], "email": ["lena.fischer@brightpath.eu"],
             "job_title": ["Head of Procurement"]}),
         it("informal", "crm.merge_contacts",
            "ugh marco bianchi is in the crm twice. keep C-1182 as the main record and merge C-1377 into it",
            {"primary_contact_id": ["C-1182"], "duplicate_contact_id": ["C-1377"]}),
     ]},
    # 2
    {"functions": ["banking.transfer_funds", "banking.schedule_transfer", "banking.get_transactions"],
     "items": [
         it("plain", "banking.transfer_funds",
            'Transfer £2,350.00 right now from account GB-CHK-55102 to account GB-SAV-55871 with the memo '
            '"House deposit top-up".',
            {"from_account": ["GB-CHK-55102"], "to_account": ["GB-SAV-55871"], "amount": [2350.0],
             "currency": ["GBP"], "memo": ["House deposit top-up"]},
            exempt=["currency"]),
         it("informal", "banking.schedule_transfer",
            "set up a monthly transfer of $400 from CHK-7731 to SAV-2290, first one on july 1st 2027 and the last "
            "one on dec 1st 2027",
            {"from_account": ["CHK-7731"], "to_account": ["SAV-2290"], "amount": [400.0],
             "start_date": ["2027-07-01"], "frequency": ["monthly"], "end_date": ["2027-12-01"]}),
     ]},
    # 3
    {"functions": ["hotel.search_rooms", "hotel.book_room", "hotel.modify_booking", "hotel.cancel_booking"],
     "items": [
         it("plain", "hotel.book_room",
            "Book a twin room at hotel HTL-ROM-0442 under the name Giulia Conti for two guests, checking in on "
            "14 May 2027 and checking out on 18 May 2027.",
            {"hotel_id": ["HTL-ROM-0442"], "room_type": ["twin"], "check_in_date": ["2027-05-14"],
             "check_out_date": ["2027-05-18"], "guest_name": ["Giulia Conti"], "guests": [2]}),
         it("informal", "hotel.modify_booking",
            "hey so for booking QX7-22LM can we push the checkout to june 9 2027? rest stays the same",
            {"booking_reference": ["QX7-22LM"], "new_check_out_date": ["2027-06-09"]}),
     ]},
    # 4
    {"functions": ["inventory.adjust_stock", "inventory.transfer_stock", "inventory.set_reorder_point"],
     "items": [
         it("plain", "inventory.adjust_stock",
            "Adjust the stock of SKU KB-MX-204 in warehouse WH-DAL-3 by -12 units; the reason is that they were "
            "damaged.",
            {"sku": ["KB-MX-204"], "warehouse_id": ["WH-DAL-3"], "quantity_change": [-12], "reason": ["damaged"]}),
         it("informal", "inventory.transfer_stock",
            "move 340 units of sku LMP-0091 from WH-RNO-1 to WH-PHX-2, ship date 3 aug 2027 pls",
            {"sku": ["LMP-0091"], "from_warehouse": ["WH-RNO-1"], "to_warehouse": ["WH-PHX-2"], "quantity": [340],
             "ship_date": ["2027-08-03"]}),
     ]},
    # 5
    {"functions": ["helpdesk.assign_ticket", "helpdesk.escalate_ticket", "helpdesk.close_ticket"],
     "items": [
         it("plain", "helpdesk.escalate_ticket",
            'Escalate ticket HD-88213 to tier 3 with the reason "Outage affects every user in the Madrid office".',
            {"ticket_id": ["HD-88213"], "tier": [3], "reason": ["Outage affects every user in the Madrid office"]}),
         it("informal", "helpdesk.close_ticket",
            "close HD-90017 pls, its a duplicate. and skip the satisfaction survey this time, they're annoyed already",
            {"ticket_id": ["HD-90017"], "resolution_code": ["duplicate"], "send_survey": [False]}),
     ]},
    # 6
    {"functions": ["git.create_branch", "git.merge_pull_request", "git.create_tag"],
     "items": [
         it("plain", "git.merge_pull_request",
            "Squash-merge pull request #4127 in the repository acme-corp/billing-service and delete the source "
            "branch afterwards.",
            {"repository": ["acme-corp/billing-service"], "pr_number": [4127], "merge_method": ["squash"],
             "delete_branch": [True]}),
         it("informal", "git.create_tag",
            "tag commit 9f3c2ab in acme-corp/ledger as v2.8.0, message 'Spring release' thx",
            {"repository": ["acme-corp/ledger"], "tag_name": ["v2.8.0"], "commit_sha": ["9f3c2ab"],
             "message": ["Spring release"]}),
     ]},
    # 7
    {"functions": ["cloud.create_instance", "cloud.resize_instance", "cloud.snapshot_volume", "cloud.delete_instance"],
     "items": [
         it("plain", "cloud.resize_instance",
            "Resize instance i-0a7d33f19c to machine type n2-standard-8 without restarting it.",
            {"instance_id": ["i-0a7d33f19c"], "machine_type": ["n2-standard-8"], "restart": [False]}),
         it("informal", "cloud.snapshot_volume",
            "snapshot vol-55e1b0 before the migraton, name it pre-migration-oct and keep it 30 days",
            {"volume_id": ["vol-55e1b0"], "snapshot_name": ["pre-migration-oct"], "retention_days": [30]}),
     ]},
    # 8
    {"functions": ["payroll.run_payroll", "payroll.add_bonus", "payroll.update_salary"],
     "items": [
         it("plain", "payroll.add_bonus",
            'Add a bonus of CAD 1,500 for employee EMP-30418 with the reason "Q2 sales target exceeded".',
            {"employee_id": ["EMP-30418"], "amount": [1500.0], "currency": ["CAD"],
             "reason": ["Q2 sales target exceeded"]}),
         it("informal", "payroll.update_salary",
            "bump EMP-22907's base salary to $86,500/yr starting oct 1st 2027, she earned it",
            {"employee_id": ["EMP-22907"], "new_annual_salary": [86500.0], "effective_date": ["2027-10-01"]}),
     ]},
    # 9
    {"functions": ["smart_home.set_thermostat", "smart_home.set_light", "smart_home.schedule_scene"],
     "items": [
         it("plain", "smart_home.set_light",
            "Set the living room lights to 40% brightness in warm white.",
            {"room": ["living room", "Living room"], "brightness_percent": [40], "color": ["warm white"]}),
         it("informal", "smart_home.schedule_scene",
            "can the 'Good Morning' scene run at 6:45am on mondays, wednesdays and fridays?",
            {"scene_name": ["Good Morning"], "days": [["monday", "wednesday", "friday"]], "time": ["06:45"]}),
     ]},
    # 10
    {"functions": ["flights.search_flights", "flights.check_in", "flights.add_baggage"],
     "items": [
         it("plain", "flights.check_in",
            "Check me in for booking ZK4P9Q under the last name Andersson; I would like an aisle seat.",
            {"booking_reference": ["ZK4P9Q"], "last_name": ["Andersson"], "seat_preference": ["aisle"]}),
         it("informal", "flights.add_baggage",
            "need to add 2 checked bags to booking ZK4P9Q for lars andersson, theyre 32 kg each",
            {"booking_reference": ["ZK4P9Q"], "passenger_name": ["Lars Andersson", "lars andersson"], "bags": [2],
             "max_weight_kg": [32]}),
     ]},
    # 11
    {"functions": ["fitness.log_workout", "fitness.set_goal", "fitness.get_summary"],
     "items": [
         it("informal", "fitness.log_workout",
            "log my run from 18 april 2027 pls, 10.5 km in 58 mins, burned like 640 cals",
            {"activity": ["run"], "date": ["2027-04-18"], "duration_minutes": [58], "distance_km": [10.5],
             "calories": [640]}),
         it("plain", "fitness.set_goal",
            "Set a weekly goal of 150 active minutes.",
            {"metric": ["active_minutes"], "target": [150], "period": ["weekly"]}),
     ]},
    # 12
    {"functions": ["recruiting.post_job", "recruiting.schedule_interview", "recruiting.send_offer"],
     "items": [
         it("plain", "recruiting.schedule_interview",
            "Schedule a 60-minute onsite interview for candidate CAND-5521 with ana.reyes@tidewater.co and "
            "sam.oduya@tidewater.co on 9 February 2027 at 14:00.",
            {"candidate_id": ["CAND-5521"], "interviewer_emails": [["ana.reyes@tidewater.co", "sam.oduya@tidewater.co"]],
             "date": ["2027-02-09"], "start_time": ["14:00"], "duration_minutes": [60], "format": ["onsite"]}),
         it("informal", "recruiting.send_offer",
            "we're going with CAND-6093 for Senior Data Engineer!! send the offer: 132k a year, start date march 6th "
            "2028, offer expires feb 20th 2028",
            {"candidate_id": ["CAND-6093"], "position": ["Senior Data Engineer"], "annual_salary": [132000.0],
             "start_date": ["2028-03-06"], "offer_expiry_date": ["2028-02-20"]}),
     ]},
    # 13
    {"functions": ["spreadsheet.sort_range", "spreadsheet.format_cells", "spreadsheet.insert_rows"],
     "items": [
         it("plain", "spreadsheet.sort_range",
            'In file SH-BUDGET-27, on the sheet "Q1", sort the range A2:F140 by column D in descending order.',
            {"file_id": ["SH-BUDGET-27"], "sheet_name": ["Q1"], "cell_range": ["A2:F140"], "sort_column": ["D"],
             "ascending": [False]}),
         it("informal", "spreadsheet.format_cells",
            "in file SH-88-FX, sheet 'Rates', make B2:B60 show as percent w/ 1 decimal place",
            {"file_id": ["SH-88-FX"], "sheet_name": ["Rates"], "cell_range": ["B2:B60"],
             "number_format": ["percent"], "decimal_places": [1]}),
     ]},
    # 14
    {"functions": ["music.create_playlist", "music.add_tracks", "music.remove_tracks"],
     "items": [
         it("informal", "music.create_playlist",
            "make me a public playlist called Sunday Long Run, description 'tempo stuff, 170+ bpm'",
            {"name": ["Sunday Long Run"], "description": ["tempo stuff, 170+ bpm"], "public": [True]}),
         it("plain", "music.add_tracks",
            "Add the tracks TR-90112, TR-44718 and TR-10293 to playlist PL-7Q2M.",
            {"playlist_id": ["PL-7Q2M"], "track_ids": [["TR-90112", "TR-44718", "TR-10293"]]}),
     ]},
]
