"""Hand-written function library (all made up for this test set)."""
from .schema import fn, S, I, FL, B, A, D, item

DATE = "in YYYY-MM-DD format."
HHMM = "in 24-hour HH:MM format."

# ---------------------------------------------------------------- travel
fn("book_hotel_room", "travel", "Book a hotel room in a city for a range of dates.", {
    "city": S("City where the hotel is located."),
    "check_in": S("Check-in date " + DATE),
    "check_out": S("Check-out date " + DATE),
    "guests": I("Number of guests staying in the room."),
    "room_type": S("Type of room.", enum=["single", "double", "suite"], default="double"),
    "breakfast_included": B("Whether breakfast should be included in the rate.", default=False),
}, ["city", "check_in", "check_out", "guests"])

fn("search_flights", "travel", "Search for flight offers between two airports.", {
    "origin": S("IATA code of the departure airport, e.g. 'LHR'."),
    "destination": S("IATA code of the arrival airport."),
    "departure_date": S("Outbound date " + DATE),
    "return_date": S("Optional return date " + DATE + " One-way if omitted."),
    "passengers": I("Number of passengers.", default=1),
    "cabin": S("Cabin class.", enum=["economy", "premium_economy", "business", "first"], default="economy"),
    "nonstop_only": B("Only return flights without stops.", default=False),
}, ["origin", "destination", "departure_date"])

fn("change_flight_booking", "travel", "Move an existing flight booking to another travel date.", {
    "booking_reference": S("Six-character booking reference."),
    "new_date": S("New travel date " + DATE),
    "new_flight_number": S("Optional specific flight number to rebook onto."),
}, ["booking_reference", "new_date"])

fn("select_seat", "travel", "Assign a seat to a passenger on an existing flight booking.", {
    "booking_reference": S("Six-character booking reference."),
    "passenger_name": S("Full name of the passenger as on the booking."),
    "seat": S("Seat designator, e.g. '12A'."),
}, ["booking_reference", "passenger_name", "seat"])

# ---------------------------------------------------------------- finance
fn("convert_currency", "finance", "Convert an amount of money from one currency to another.", {
    "amount": FL("Amount of money to convert."),
    "from_currency": S("Three-letter ISO 4217 code of the source currency, e.g. 'USD'."),
    "to_currency": S("Three-letter ISO 4217 code of the target currency."),
    "rate_date": S("Date of the exchange rate to use, " + DATE + " The latest rate is used if omitted."),
}, ["amount", "from_currency", "to_currency"])

fn("calculate_compound_interest", "finance", "Compute the future value of a lump-sum investment with compound interest.", {
    "principal": FL("Initial amount invested."),
    "annual_rate": FL("Annual interest rate as a percentage, e.g. 5.0 for 5%."),
    "years": I("Investment horizon in whole years."),
    "compounding": S("How often interest is compounded.", enum=["annually", "quarterly", "monthly", "daily"], default="annually"),
}, ["principal", "annual_rate", "years"])

fn("get_stock_quote", "finance", "Get the latest price quote for a stock.", {
    "ticker": S("Ticker symbol, e.g. 'AAPL'."),
    "exchange": S("Optional name of the exchange to quote from."),
}, ["ticker"])

fn("place_stock_order", "finance", "Place a buy or sell order for shares of a stock.", {
    "ticker": S("Ticker symbol."),
    "side": S("Order side.", enum=["buy", "sell"]),
    "quantity": I("Number of shares."),
    "order_type": S("Order type.", enum=["market", "limit"], default="market"),
    "limit_price": FL("Limit price per share; only for limit orders."),
}, ["ticker", "side", "quantity"])

fn("get_dividend_history", "finance", "List dividends paid by a stock within a date range.", {
    "ticker": S("Ticker symbol."),
    "start_date": S("Start of the range " + DATE),
    "end_date": S("End of the range " + DATE),
}, ["ticker", "start_date", "end_date"])

fn("transfer_funds", "finance", "Immediately move money between two of the user's own accounts.", {
    "from_account": S("Identifier of the account to debit."),
    "to_account": S("Identifier of the account to credit."),
    "amount": FL("Amount to transfer."),
    "currency": S("Three-letter ISO 4217 currency code."),
}, ["from_account", "to_account", "amount", "currency"])

fn("schedule_recurring_transfer", "finance", "Set up a repeating transfer (standing order) between two accounts.", {
    "from_account": S("Identifier of the account to debit."),
    "to_account": S("Identifier of the account to credit."),
    "amount": FL("Amount of each transfer."),
    "currency": S("Three-letter ISO 4217 currency code."),
    "frequency": S("How often the transfer repeats.", enum=["weekly", "monthly"]),
    "start_date": S("Date of the first transfer " + DATE),
}, ["from_account", "to_account", "amount", "currency", "frequency", "start_date"])

fn("request_payment", "finance", "Send a payment request asking another person to pay the user.", {
    "from_contact": S("Name or phone number of the person asked to pay."),
    "amount": FL("Amount requested."),
    "currency": S("Three-letter ISO 4217 currency code."),
    "memo": S("Optional message shown with the request."),
}, ["from_contact", "amount", "currency"])

# ---------------------------------------------------------------- health
fn("calculate_bmi", "health", "Calculate body mass index from weight and height.", {
    "weight_kg": FL("Body weight in kilograms."),
    "height_cm": FL("Height in centimetres."),
}, ["weight_kg", "height_cm"])

fn("schedule_appointment", "health", "Book a clinic appointment for a patient.", {
    "patient_id": S("Patient identifier, e.g. 'P-10001'."),
    "specialty": S("Medical specialty.", enum=["general_practice", "dermatology", "cardiology", "orthopedics", "pediatrics"]),
    "date": S("Appointment date " + DATE),
    "time": S("Appointment time " + HHMM),
    "reason": S("Optional reason for the visit."),
}, ["patient_id", "specialty", "date", "time"])

fn("cancel_appointment", "health", "Cancel an existing clinic appointment.", {
    "appointment_id": S("Appointment identifier."),
    "reason": S("Optional cancellation reason."),
}, ["appointment_id"])

fn("request_prescription_refill", "health", "Request a refill of a repeat prescription to be sent to a pharmacy.", {
    "patient_id": S("Patient identifier."),
    "medication": S("Medication name and strength."),
    "pharmacy_id": S("Identifier of the pharmacy that should dispense it."),
}, ["patient_id", "medication", "pharmacy_id"])

fn("check_drug_interaction", "health", "Check a list of medications for known interactions.", {
    "medications": A(item("string"), "Names of the medications to check together."),
}, ["medications"])

# ---------------------------------------------------------------- science / chemistry
fn("get_element_properties", "science", "Look up physical and chemical properties of a chemical element.", {
    "symbol": S("Chemical symbol of the element, e.g. 'Fe'."),
    "properties": A(item("string", ["atomic_mass", "electronegativity", "melting_point", "boiling_point", "density"]),
                    "Properties to return."),
}, ["symbol", "properties"])

fn("calculate_projectile_range", "science", "Compute the horizontal range of a projectile launched from flat ground, ignoring air resistance.", {
    "initial_velocity_ms": FL("Launch speed in metres per second."),
    "launch_angle_degrees": FL("Launch angle above the horizontal in degrees."),
    "gravity": FL("Gravitational acceleration in m/s^2.", default=9.81),
}, ["initial_velocity_ms", "launch_angle_degrees"])

fn("calculate_half_life_remaining", "science", "Compute how much of a radioactive substance remains after some time. Half-life and elapsed time must use the same time unit.", {
    "initial_amount": FL("Starting amount of the substance."),
    "half_life": FL("Half-life of the substance."),
    "elapsed_time": FL("Time that has passed."),
}, ["initial_amount", "half_life", "elapsed_time"])

fn("calculate_molarity", "chemistry", "Calculate the molar concentration of a solution.", {
    "moles_solute": FL("Amount of solute in moles."),
    "volume_liters": FL("Volume of the solution in litres."),
}, ["moles_solute", "volume_liters"])

# ---------------------------------------------------------------- home
fn("set_thermostat", "home", "Set the target temperature of a smart thermostat.", {
    "room": S("Room the thermostat is in."),
    "temperature": FL("Target temperature."),
    "unit": S("Temperature unit.", enum=["celsius", "fahrenheit"], default="celsius"),
    "mode": S("Operating mode.", enum=["heat", "cool", "auto"], default="auto"),
}, ["room", "temperature"])

fn("add_shopping_list_items", "home", "Add items to a named household shopping list.", {
    "list_name": S("Name of the shopping list."),
    "items": A(item("string"), "Items to add."),
    "notify_household": B("Send a notification to other household members.", default=False),
}, ["list_name", "items"])

fn("set_light_brightness", "home", "Set the brightness of the smart lights in a room.", {
    "room": S("Room whose lights are changed."),
    "brightness_percent": I("Brightness from 0 to 100."),
}, ["room", "brightness_percent"])

fn("set_light_color", "home", "Change the colour of the smart lights in a room.", {
    "room": S("Room whose lights are changed."),
    "color": S("Colour as a hex code, e.g. '#FFAA00'."),
}, ["room", "color"])

fn("schedule_lights_off", "home", "Schedule the lights in a room to switch off at a given time.", {
    "room": S("Room whose lights are switched off."),
    "time": S("Switch-off time " + HHMM),
    "repeat_daily": B("Repeat the schedule every day.", default=False),
}, ["room", "time"])

# ---------------------------------------------------------------- logistics
fn("track_shipment", "logistics", "Get the current status of a parcel shipment.", {
    "tracking_number": S("Carrier tracking number."),
    "carrier": S("Shipping carrier.", enum=["dhl", "ups", "fedex", "usps"]),
    "include_history": B("Include the full scan history.", default=False),
}, ["tracking_number", "carrier"])

fn("calculate_shipping_cost", "logistics", "Quote the price of shipping one package.", {
    "origin_postcode": S("Postal code of the sender."),
    "destination_postcode": S("Postal code of the recipient."),
    "weight_kg": FL("Package weight in kilograms."),
    "dimensions_cm": D({
        "length": FL("Length in centimetres."),
        "width": FL("Width in centimetres."),
        "height": FL("Height in centimetres."),
    }, "Package dimensions in centimetres.", ["length", "width", "height"]),
    "service": S("Service level.", enum=["standard", "express", "overnight"], default="standard"),
}, ["origin_postcode", "destination_postcode", "weight_kg", "dimensions_cm"])

fn("optimize_delivery_route", "logistics", "Compute the most efficient order in which to visit a set of delivery stops.", {
    "depot_address": S("Address where the vehicle starts."),
    "stops": A(item("string"), "Addresses of the stops to visit, in any order."),
    "vehicle_capacity_kg": FL("Optional payload capacity of the vehicle in kilograms."),
    "return_to_depot": B("Whether the route must end back at the depot.", default=True),
}, ["depot_address", "stops"])

fn("schedule_pickup", "logistics", "Book a courier to collect parcels from an address.", {
    "address": S("Pickup address."),
    "date": S("Pickup date " + DATE),
    "time_window": S("Part of the day for the pickup.", enum=["morning", "afternoon", "evening"]),
    "parcel_count": I("Number of parcels to collect."),
}, ["address", "date", "time_window", "parcel_count"])

# ---------------------------------------------------------------- HR
fn("submit_leave_request", "hr", "Submit a leave request for an employee.", {
    "employee_id": S("Employee identifier, e.g. 'EMP-12345'."),
    "leave_type": S("Kind of leave.", enum=["annual", "sick", "parental", "unpaid"]),
    "start_date": S("First day of leave " + DATE),
    "end_date": S("Last day of leave " + DATE),
    "note": S("Optional note for the approver."),
}, ["employee_id", "leave_type", "start_date", "end_date"])

fn("get_leave_balance", "hr", "Get the remaining leave days of an employee.", {
    "employee_id": S("Employee identifier."),
    "leave_type": S("Optional kind of leave; all kinds if omitted.", enum=["annual", "sick", "parental", "unpaid"]),
}, ["employee_id"])

fn("approve_leave_request", "hr", "Approve a pending leave request.", {
    "request_id": S("Leave request identifier."),
    "approver_id": S("Identifier of the approving manager."),
    "comment": S("Optional comment for the employee."),
}, ["request_id", "approver_id"])

fn("post_job_opening", "hr", "Publish a job opening on the careers site.", {
    "title": S("Job title."),
    "department": S("Department that is hiring."),
    "location": S("Office location."),
    "salary_range": D({
        "min": FL("Lower end of the yearly salary."),
        "max": FL("Upper end of the yearly salary."),
        "currency": S("Three-letter ISO 4217 currency code."),
    }, "Yearly salary range.", ["min", "max", "currency"]),
    "skills": A(item("string"), "Required skills."),
    "remote": B("Whether the role may be done fully remotely.", default=False),
}, ["title", "department", "location", "salary_range", "skills"])

fn("calculate_overtime_pay", "hr", "Calculate pay owed for overtime hours.", {
    "hourly_rate": FL("Regular hourly rate."),
    "overtime_hours": FL("Number of overtime hours worked."),
    "multiplier": FL("Overtime rate multiplier.", default=1.5),
}, ["hourly_rate", "overtime_hours"])

# ---------------------------------------------------------------- education
fn("enroll_student", "education", "Enrol a student in a course for a semester.", {
    "student_id": S("Student identifier."),
    "course_code": S("Course code, e.g. 'BIO-101'."),
    "semester": S("Semester name, e.g. 'Fall 2027'."),
    "audit": B("Enrol as an auditor (no credit).", default=False),
}, ["student_id", "course_code", "semester"])

fn("drop_course", "education", "Withdraw a student from a course they are enrolled in.", {
    "student_id": S("Student identifier."),
    "course_code": S("Course code."),
    "semester": S("Semester name, e.g. 'Fall 2027'."),
}, ["student_id", "course_code", "semester"])

fn("submit_grade", "education", "Record a student's final letter grade for a course.", {
    "student_id": S("Student identifier."),
    "course_code": S("Course code."),
    "grade": S("Letter grade.", enum=["A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D", "F"]),
}, ["student_id", "course_code", "grade"])

fn("get_course_schedule", "education", "Get the meeting times of a course.", {
    "course_code": S("Course code."),
    "term": S("Term name, e.g. 'Winter 2028'."),
    "section": S("Optional section letter."),
}, ["course_code", "term"])

fn("generate_quiz", "education", "Generate a quiz on a topic.", {
    "topic": S("Quiz topic."),
    "num_questions": I("Number of questions."),
    "difficulty": S("Difficulty level.", enum=["easy", "medium", "hard"]),
    "question_types": A(item("string", ["multiple_choice", "true_false", "short_answer"]),
                        "Question formats to use."),
}, ["topic", "num_questions", "difficulty", "question_types"])

# ---------------------------------------------------------------- gaming
fn("get_player_stats", "gaming", "Get a player's statistics in an online game.", {
    "player_tag": S("Player tag including the discriminator, e.g. 'Name#1234'."),
    "game_mode": S("Game mode.", enum=["ranked", "casual", "arena"]),
    "season": I("Season number; the current season if omitted."),
}, ["player_tag", "game_mode"])

fn("roll_dice", "gaming", "Roll tabletop dice and return the total.", {
    "num_dice": I("How many dice to roll."),
    "sides": I("Number of sides on each die."),
    "modifier": I("Value added to the total.", default=0),
}, ["num_dice", "sides"])

fn("create_tournament", "gaming", "Create an online gaming tournament.", {
    "name": S("Tournament name."),
    "game": S("Game title."),
    "max_players": I("Maximum number of players."),
    "format": S("Bracket format.", enum=["single_elimination", "double_elimination", "round_robin", "swiss"]),
    "start_date": S("Start date " + DATE),
    "entry_fee": FL("Entry fee in US dollars.", default=0.0),
}, ["name", "game", "max_players", "format", "start_date"])

# ---------------------------------------------------------------- devops
fn("scale_deployment", "devops", "Change the number of replicas of a Kubernetes deployment.", {
    "deployment": S("Deployment name."),
    "replicas": I("Desired number of replicas."),
    "namespace": S("Kubernetes namespace.", default="default"),
}, ["deployment", "replicas"])

fn("create_dns_record", "devops", "Create a DNS record in a hosted zone.", {
    "zone": S("DNS zone, e.g. 'example.com'."),
    "record_type": S("Record type.", enum=["A", "AAAA", "CNAME", "MX", "TXT"]),
    "name": S("Record name, relative to the zone or fully qualified."),
    "value": S("Record value."),
    "ttl": I("Time to live in seconds.", default=3600),
}, ["zone", "record_type", "name", "value"])

fn("query_logs", "devops", "Search application logs of a service within a time window.", {
    "service": S("Service name."),
    "level": S("Minimum log level.", enum=["debug", "info", "warning", "error", "critical"]),
    "start_time": S("Start of the window in ISO 8601 format YYYY-MM-DDTHH:MM."),
    "end_time": S("End of the window in ISO 8601 format YYYY-MM-DDTHH:MM."),
    "contains": S("Optional text that matching lines must contain."),
    "limit": I("Maximum number of lines.", default=100),
}, ["service", "level", "start_time", "end_time"])

ENVS = ["dev", "staging", "prod"]
fn("ops.restart_service", "devops", "Restart all instances of a service in an environment.", {
    "service": S("Service name."),
    "environment": S("Target environment.", enum=ENVS),
    "graceful": B("Drain connections before restarting.", default=True),
}, ["service", "environment"])

fn("ops.rollback_deployment", "devops", "Roll a service back to an earlier released version.", {
    "service": S("Service name."),
    "environment": S("Target environment.", enum=ENVS),
    "to_version": S("Version to roll back to, e.g. 'v1.2.3'."),
}, ["service", "environment", "to_version"])

fn("ops.get_service_status", "devops", "Report the health and running version of a service.", {
    "service": S("Service name."),
    "environment": S("Target environment.", enum=ENVS),
}, ["service", "environment"])

# ---------------------------------------------------------------- legal
fn("search_case_law", "legal", "Search court decisions by topic.", {
    "query": S("Legal topic or keywords."),
    "jurisdiction": S("Jurisdiction to search, e.g. 'Ireland'."),
    "year_from": I("Optional earliest decision year."),
    "year_to": I("Optional latest decision year."),
    "max_results": I("Maximum number of results.", default=10),
}, ["query", "jurisdiction"])

fn("calculate_filing_deadline", "legal", "Compute a legal deadline a number of days after a triggering event.", {
    "trigger_date": S("Date of the triggering event " + DATE),
    "days": I("Number of days allowed."),
    "jurisdiction": S("Jurisdiction whose rules apply."),
    "exclude_weekends": B("Count business days only.", default=False),
}, ["trigger_date", "days", "jurisdiction"])

fn("draft_nda", "legal", "Draft a non-disclosure agreement between two parties.", {
    "party_a": S("Legal name of the disclosing party."),
    "party_b": S("Legal name of the receiving party."),
    "effective_date": S("Effective date " + DATE),
    "term_months": I("Duration of the agreement in months."),
    "governing_law": S("Governing law of the agreement."),
    "mutual": B("Whether both parties disclose confidential information.", default=True),
}, ["party_a", "party_b", "effective_date", "term_months", "governing_law"])

fn("review_contract_clauses", "legal", "Extract and summarise selected clause types from a stored contract.", {
    "document_id": S("Document identifier."),
    "clause_types": A(item("string", ["indemnity", "termination", "liability", "confidentiality", "payment"]),
                      "Clause types to review."),
}, ["document_id", "clause_types"])

fn("request_signature", "legal", "Send a stored document to a person for electronic signature.", {
    "document_id": S("Document identifier."),
    "signer_email": S("Email address of the signer."),
    "sign_by": S("Deadline for signing " + DATE),
}, ["document_id", "signer_email", "sign_by"])

# ---------------------------------------------------------------- retail
fn("check_product_stock", "retail", "Check whether a store has enough units of a product.", {
    "sku": S("Product SKU."),
    "store_id": S("Store identifier."),
    "quantity": I("Number of units needed.", default=1),
}, ["sku", "store_id"])

fn("apply_discount_code", "retail", "Apply a promotional code to a shopping cart.", {
    "cart_id": S("Cart identifier."),
    "code": S("Promotional code."),
}, ["cart_id", "code"])

fn("process_return", "retail", "Start a return for items of an order.", {
    "order_id": S("Order identifier."),
    "item_skus": A(item("string"), "SKUs of the items to return."),
    "reason": S("Return reason.", enum=["damaged", "wrong_item", "not_as_described", "no_longer_needed"]),
    "refund_method": S("How to refund.", enum=["original_payment", "store_credit"], default="original_payment"),
}, ["order_id", "item_skus", "reason"])

fn("cancel_order", "retail", "Cancel an order that has not shipped yet.", {
    "order_id": S("Order identifier."),
    "reason": S("Optional cancellation reason."),
}, ["order_id"])

fn("update_shipping_address", "retail", "Change the delivery address of an order that has not shipped yet.", {
    "order_id": S("Order identifier."),
    "address": D({
        "street": S("Street and house number."),
        "city": S("City."),
        "postal_code": S("Postal code."),
        "country": S("Country."),
    }, "New delivery address.", ["street", "city", "postal_code", "country"]),
}, ["order_id", "address"])

# ---------------------------------------------------------------- sports
fn("get_league_standings", "sports", "Get the table of a sports league for a season.", {
    "league": S("League name."),
    "season": S("Season in the form 'YYYY-YY', e.g. '2026-27'."),
    "top_n": I("Only return the top N teams; all teams if omitted."),
}, ["league", "season"])

fn("calculate_pace", "sports", "Compute average running pace per kilometre.", {
    "distance_km": FL("Distance in kilometres."),
    "time": S("Finish time in HH:MM:SS format."),
}, ["distance_km", "time"])

fn("get_match_schedule", "sports", "List a team's fixtures within a date range.", {
    "team": S("Team name."),
    "from_date": S("Start of the range " + DATE),
    "to_date": S("End of the range " + DATE),
    "competition": S("Optional competition filter."),
}, ["team", "from_date", "to_date"])

# ---------------------------------------------------------------- cooking
fn("scale_recipe", "cooking", "Scale a saved recipe's ingredient quantities to a new number of servings.", {
    "recipe_name": S("Name of the saved recipe."),
    "original_servings": I("Servings the recipe currently makes."),
    "target_servings": I("Servings wanted."),
}, ["recipe_name", "original_servings", "target_servings"])

fn("convert_cooking_units", "cooking", "Convert a cooking quantity between units.", {
    "quantity": FL("Quantity to convert."),
    "from_unit": S("Unit of the quantity.", enum=["cup", "tablespoon", "teaspoon", "gram", "ounce", "milliliter"]),
    "to_unit": S("Unit to convert to.", enum=["cup", "tablespoon", "teaspoon", "gram", "ounce", "milliliter"]),
    "ingredient": S("Optional ingredient, needed for volume-to-weight conversions."),
}, ["quantity", "from_unit", "to_unit"])

fn("find_recipes", "cooking", "Find recipes that use given ingredients.", {
    "ingredients": A(item("string"), "Ingredients to use."),
    "cuisine": S("Optional cuisine, e.g. 'Mexican'."),
    "max_prep_minutes": I("Optional maximum preparation time in minutes."),
    "diet": S("Dietary restriction.", enum=["none", "vegetarian", "vegan", "gluten_free", "keto"], default="none"),
}, ["ingredients"])

fn("get_nutrition_facts", "cooking", "Get calories and macronutrients for an amount of a food.", {
    "food": S("Food name."),
    "amount_grams": FL("Amount in grams."),
}, ["food", "amount_grams"])

# ---------------------------------------------------------------- astronomy
fn("get_planet_visibility", "astronomy", "Tell whether and when a planet is visible from a location on a date.", {
    "planet": S("Planet.", enum=["mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune"]),
    "date": S("Observation date " + DATE),
    "latitude": FL("Observer latitude in decimal degrees."),
    "longitude": FL("Observer longitude in decimal degrees."),
}, ["planet", "date", "latitude", "longitude"])

fn("convert_light_years", "astronomy", "Convert a distance in light years to another unit.", {
    "distance_light_years": FL("Distance in light years."),
    "target_unit": S("Unit to convert to.", enum=["parsecs", "astronomical_units", "kilometers"]),
}, ["distance_light_years", "target_unit"])

fn("get_moon_phase", "astronomy", "Get the phase and illumination of the Moon on a date.", {
    "date": S("Date " + DATE),
    "location": S("Optional place name, used for local moonrise and moonset."),
}, ["date"])

fn("get_sunrise_sunset", "astronomy", "Get sunrise and sunset times for a location on a date.", {
    "date": S("Date " + DATE),
    "latitude": FL("Latitude in decimal degrees."),
    "longitude": FL("Longitude in decimal degrees."),
}, ["date", "latitude", "longitude"])

fn("get_iss_passes", "astronomy", "List upcoming visible passes of the International Space Station over a location.", {
    "latitude": FL("Latitude in decimal degrees."),
    "longitude": FL("Longitude in decimal degrees."),
    "days": I("How many days ahead to search.", default=5),
}, ["latitude", "longitude"])

# ---------------------------------------------------------------- agriculture
fn("estimate_fertilizer", "agriculture", "Estimate nitrogen, phosphorus and potassium needs for a field.", {
    "crop": S("Crop grown on the field."),
    "field_area_hectares": FL("Field area in hectares."),
    "soil_ph": FL("Optional measured soil pH."),
    "target_yield_tonnes_per_ha": FL("Optional target yield in tonnes per hectare."),
}, ["crop", "field_area_hectares"])

fn("schedule_irrigation", "agriculture", "Create a repeating irrigation schedule for a field.", {
    "field_id": S("Field identifier."),
    "start_date": S("First irrigation day " + DATE),
    "interval_days": I("Days between irrigations."),
    "liters_per_hectare": FL("Water applied per hectare per irrigation, in litres."),
    "zones": A(item("integer"), "Optional zone numbers to irrigate; all zones if omitted."),
}, ["field_id", "start_date", "interval_days", "liters_per_hectare"])

fn("get_crop_price", "agriculture", "Get the settlement price of an agricultural commodity on a market.", {
    "commodity": S("Commodity.", enum=["wheat", "corn", "soybeans", "rice", "barley", "oats"]),
    "market": S("Market or exchange name."),
    "date": S("Trading date " + DATE),
}, ["commodity", "market", "date"])

# ---------------------------------------------------------------- media / music
fn("create_playlist", "media", "Create a new music playlist.", {
    "name": S("Playlist name."),
    "track_ids": A(item("string"), "Track identifiers in play order."),
    "public": B("Whether the playlist is public.", default=False),
}, ["name", "track_ids"])

fn("music.add_tracks_to_playlist", "media", "Add tracks to an existing playlist.", {
    "playlist_id": S("Playlist identifier."),
    "track_ids": A(item("string"), "Track identifiers to add, in order."),
    "position": I("Optional 1-based position to insert at; appended at the end if omitted."),
}, ["playlist_id", "track_ids"])

fn("music.remove_tracks_from_playlist", "media", "Remove tracks from an existing playlist.", {
    "playlist_id": S("Playlist identifier."),
    "track_ids": A(item("string"), "Track identifiers to remove."),
}, ["playlist_id", "track_ids"])

fn("transcode_video", "media", "Convert a video file to another container format and resolution.", {
    "input_path": S("Path of the source video."),
    "output_format": S("Target container format.", enum=["mp4", "webm", "mkv", "mov"]),
    "resolution": S("Output resolution.", enum=["480p", "720p", "1080p", "2160p"], default="1080p"),
    "bitrate_kbps": I("Optional target video bitrate in kbps."),
}, ["input_path", "output_format"])

fn("search_podcasts", "media", "Search podcast episodes by topic.", {
    "query": S("Search terms."),
    "language": S("ISO 639-1 language code of the episodes.", default="en"),
    "max_duration_minutes": I("Optional maximum episode length in minutes."),
    "explicit_allowed": B("Whether explicit episodes may be returned.", default=True),
}, ["query"])

fn("transpose_chords", "music", "Transpose a chord progression by a number of semitones.", {
    "chords": A(item("string"), "Chord symbols in order, e.g. ['C', 'G7']."),
    "semitones": I("Semitones to shift; negative values transpose down."),
}, ["chords", "semitones"])

# ---------------------------------------------------------------- weather
fn("get_weather_forecast", "weather", "Get a daily weather forecast for a place.", {
    "location": S("City or place name."),
    "days": I("Number of days to forecast, 1 to 14.", default=3),
    "units": S("Unit system.", enum=["metric", "imperial"], default="metric"),
}, ["location"])

fn("weather.get_air_quality", "weather", "Get current air pollutant concentrations for a city.", {
    "city": S("City name."),
    "pollutants": A(item("string", ["pm25", "pm10", "o3", "no2", "so2", "co"]), "Pollutants to report."),
}, ["city", "pollutants"])

# ---------------------------------------------------------------- real estate
fn("estimate_mortgage_payment", "real_estate", "Estimate the monthly repayment of a fixed-rate mortgage.", {
    "home_price": FL("Purchase price of the home."),
    "annual_rate_percent": FL("Annual interest rate as a percentage, e.g. 4.5 for 4.5%."),
    "term_years": I("Loan term in years."),
    "down_payment": FL("Down payment amount.", default=0.0),
}, ["home_price", "annual_rate_percent", "term_years"])

fn("search_rental_listings", "real_estate", "Search apartments for rent.", {
    "city": S("City to search in."),
    "max_rent": FL("Maximum monthly rent."),
    "min_bedrooms": I("Minimum number of bedrooms."),
    "pets_allowed": B("Only listings that allow pets.", default=False),
    "furnished": B("Optional filter: only furnished (true) or only unfurnished (false) listings."),
}, ["city", "max_rent", "min_bedrooms"])

# ---------------------------------------------------------------- automotive
fn("decode_vin", "automotive", "Decode a vehicle identification number into make, model and year.", {
    "vin": S("17-character vehicle identification number."),
}, ["vin"])

fn("book_car_service", "automotive", "Book a service slot for a car at a garage.", {
    "registration": S("Registration plate of the car."),
    "service_type": S("Kind of service.", enum=["oil_change", "tyre_rotation", "brake_inspection", "full_service"]),
    "date": S("Service date " + DATE),
    "garage_id": S("Garage identifier."),
}, ["registration", "service_type", "date", "garage_id"])

# ---------------------------------------------------------------- energy
fn("estimate_solar_output", "energy", "Estimate the monthly energy output of a rooftop solar array.", {
    "panel_capacity_kw": FL("Installed peak capacity in kilowatts."),
    "latitude": FL("Site latitude in decimal degrees."),
    "month": I("Month number, 1 to 12."),
    "tilt_degrees": FL("Panel tilt in degrees.", default=30.0),
}, ["panel_capacity_kw", "latitude", "month"])

fn("compare_energy_tariffs", "energy", "Compare household energy tariffs available at an address.", {
    "postcode": S("Postcode of the property."),
    "annual_kwh": I("Estimated yearly consumption in kWh."),
    "fuel": S("Fuel type.", enum=["electricity", "gas", "dual"], default="dual"),
    "green_only": B("Only show renewable tariffs.", default=False),
}, ["postcode", "annual_kwh"])

# ---------------------------------------------------------------- pets
fn("find_vet_clinic", "pets", "Find veterinary clinics near a postcode.", {
    "postcode": S("Postal or ZIP code to search near."),
    "species": S("Kind of animal.", enum=["dog", "cat", "bird", "reptile", "rabbit"]),
    "emergency": B("Only clinics offering emergency care.", default=False),
}, ["postcode", "species"])

fn("calculate_pet_food_portion", "pets", "Recommend a daily food portion for a pet.", {
    "species": S("Kind of animal.", enum=["dog", "cat"]),
    "weight_kg": FL("Body weight in kilograms."),
    "age_years": FL("Age in years."),
    "activity_level": S("Activity level.", enum=["low", "normal", "high"], default="normal"),
}, ["species", "weight_kg", "age_years"])

# ---------------------------------------------------------------- library / culture
fn("renew_library_loan", "library", "Extend the loan period of a borrowed library item.", {
    "card_number": S("Library card number."),
    "item_barcode": S("Barcode of the borrowed item."),
    "extend_days": I("Number of days to extend by.", default=14),
}, ["card_number", "item_barcode"])

fn("search_catalog", "library", "Search the library catalogue.", {
    "query": S("Title or keywords."),
    "author": S("Optional author name."),
    "format": S("Optional format filter.", enum=["book", "ebook", "audiobook", "dvd"]),
    "available_only": B("Only items that can be borrowed now.", default=False),
}, ["query"])

fn("book_museum_tickets", "culture", "Buy timed-entry museum tickets.", {
    "museum": S("Museum name."),
    "visit_date": S("Visit date " + DATE),
    "adult_tickets": I("Number of adult tickets."),
    "child_tickets": I("Number of child tickets.", default=0),
    "audio_guide": B("Add an audio guide for every ticket.", default=False),
}, ["museum", "visit_date", "adult_tickets"])

# ---------------------------------------------------------------- calendar
fn("create_calendar_event", "calendar", "Create an event in the user's calendar.", {
    "title": S("Event title."),
    "date": S("Event date " + DATE),
    "start_time": S("Start time " + HHMM),
    "duration_minutes": I("Duration in minutes."),
    "attendees": A(item("string"), "Optional email addresses of attendees."),
    "location": S("Optional location."),
}, ["title", "date", "start_time", "duration_minutes"])

fn("reschedule_event", "calendar", "Move an existing calendar event to a new date and time.", {
    "event_id": S("Event identifier."),
    "new_date": S("New date " + DATE),
    "new_start_time": S("New start time " + HHMM),
}, ["event_id", "new_date", "new_start_time"])

fn("cancel_event", "calendar", "Cancel an existing calendar event.", {
    "event_id": S("Event identifier."),
    "notify_attendees": B("Send a cancellation notice to attendees.", default=True),
}, ["event_id"])

# ---------------------------------------------------------------- telecom
fn("check_data_usage", "telecom", "Get mobile data used in a billing cycle.", {
    "phone_number": S("Phone number including the country code."),
    "billing_cycle": S("Billing month in YYYY-MM format."),
}, ["phone_number", "billing_cycle"])

fn("port_phone_number", "telecom", "Start moving a phone number from another carrier.", {
    "phone_number": S("Phone number to port."),
    "current_carrier": S("Name of the carrier the number is with now."),
    "account_number": S("Account number at the current carrier."),
    "pin": S("Port-out PIN from the current carrier."),
}, ["phone_number", "current_carrier", "account_number", "pin"])

# ---------------------------------------------------------------- insurance / government
fn("get_insurance_quote", "insurance", "Get a price quote for an insurance policy.", {
    "policy_type": S("Kind of policy.", enum=["auto", "home", "travel", "life"]),
    "coverage_amount": FL("Amount of cover in US dollars."),
    "applicant_age": I("Age of the applicant in years."),
    "deductible": FL("Optional deductible in US dollars."),
}, ["policy_type", "coverage_amount", "applicant_age"])

fn("check_passport_application_status", "government", "Check the processing status of a passport application.", {
    "application_number": S("Application reference number."),
    "date_of_birth": S("Applicant's date of birth " + DATE),
}, ["application_number", "date_of_birth"])

fn("renew_vehicle_registration", "government", "Renew a vehicle's state registration.", {
    "plate_number": S("Licence plate number."),
    "state": S("US state name or two-letter code."),
    "years": I("Number of years to renew for.", default=1),
    "email": S("Optional email address for the receipt."),
}, ["plate_number", "state"])

# ---------------------------------------------------------------- misc domains
fn("get_country_info", "geography", "Get facts about a country.", {
    "country": S("Country name."),
    "fields": A(item("string", ["capital", "population", "area", "currency", "languages"]), "Facts to return."),
}, ["country", "fields"])

fn("translate_text", "language", "Translate text between languages.", {
    "text": S("Text to translate."),
    "source_language": S("Source language name or ISO 639-1 code."),
    "target_language": S("Target language name or ISO 639-1 code."),
    "formality": S("Register of the translation.", enum=["formal", "informal", "neutral"], default="neutral"),
}, ["text", "source_language", "target_language"])

fn("log_workout", "fitness", "Record a completed workout.", {
    "activity": S("Activity type.", enum=["running", "cycling", "swimming", "rowing", "walking"]),
    "duration_minutes": I("Duration in minutes."),
    "date": S("Workout date " + DATE),
    "distance_km": FL("Optional distance in kilometres."),
}, ["activity", "duration_minutes", "date"])

fn("get_tide_times", "marine", "Get high and low tide times at a tide station.", {
    "station_id": S("Tide station identifier."),
    "date": S("Date " + DATE),
    "timezone": S("Optional IANA time zone for the output, e.g. 'Europe/London'."),
}, ["station_id", "date"])

fn("get_flight_status", "aviation", "Get the live status of a flight.", {
    "flight_number": S("Airline code and flight number, e.g. 'BA117'."),
    "date": S("Scheduled departure date " + DATE),
}, ["flight_number", "date"])

fn("schedule_post", "social_media", "Schedule a post on a social network.", {
    "platform": S("Social network.", enum=["twitter", "facebook", "instagram", "linkedin", "mastodon"]),
    "content": S("Text of the post."),
    "publish_at": S("Publication time in ISO 8601 format YYYY-MM-DDTHH:MM."),
}, ["platform", "content", "publish_at"])

fn("send_email", "communication", "Send an email.", {
    "to": A(item("string"), "Recipient email addresses."),
    "subject": S("Subject line."),
    "body": S("Plain-text body."),
    "cc": A(item("string"), "Optional CC email addresses."),
    "high_priority": B("Mark the email as high priority.", default=False),
}, ["to", "subject", "body"])

fn("rotate_api_key", "security", "Issue a new API key and schedule expiry of the old one.", {
    "key_id": S("Identifier of the key to rotate."),
    "expire_old_after_hours": I("Hours the old key stays valid.", default=24),
}, ["key_id"])

fn("calculate_oee", "manufacturing", "Compute overall equipment effectiveness from its three factors.", {
    "availability": FL("Availability as a fraction between 0 and 1."),
    "performance": FL("Performance as a fraction between 0 and 1."),
    "quality": FL("Quality rate as a fraction between 0 and 1."),
}, ["availability", "performance", "quality"])

fn("reserve_restaurant_table", "dining", "Reserve a table at a restaurant.", {
    "restaurant": S("Restaurant name."),
    "date": S("Reservation date " + DATE),
    "time": S("Reservation time " + HHMM),
    "party_size": I("Number of people."),
    "special_requests": S("Optional special requests."),
}, ["restaurant", "date", "time", "party_size"])
