"""Hand-written function library for the blind6 set.

Every function carries a domain tag; the tag is also the prefix of the
function name (the part before the dot).  Schemas are built once here, so a
function that appears in several items always has the same schema.
"""
import json

NO = object()  # marker: no default

DATE_FMT = " Format: YYYY-MM-DD."
TIME_FMT = " Format: HH:MM, 24-hour."


def P(t, name, desc, opt=False, default=NO, enum=None, items=None, props=None):
    prop = {"type": t, "description": desc}
    if enum is not None:
        prop["enum"] = list(enum)
    if items is not None:
        prop["items"] = items
    if props is not None:
        sub = {}
        req = []
        for p in props:
            sub[p["name"]] = p["prop"]
            req.append(p["name"])
        prop["properties"] = sub
        prop["required"] = req
    if default is not NO:
        shown = default if isinstance(default, str) else json.dumps(default)
        prop["description"] = desc + " Default: %s." % shown
        prop["default"] = default
        opt = True
    return {"name": name, "prop": prop, "opt": opt}


def S(name, desc, **kw):
    return P("string", name, desc, **kw)


def I(name, desc, **kw):
    return P("integer", name, desc, **kw)


def N(name, desc, **kw):
    return P("float", name, desc, **kw)


def B(name, desc, **kw):
    return P("boolean", name, desc, **kw)


def A(name, desc, item_type="string", item_enum=None, **kw):
    it = {"type": item_type}
    if item_enum is not None:
        it["enum"] = list(item_enum)
    return P("array", name, desc, items=it, **kw)


def D(name, desc, props, **kw):
    return P("dict", name, desc, props=props, **kw)


def DATE(name, desc, **kw):
    return S(name, desc + DATE_FMT, **kw)


def TIME(name, desc, **kw):
    return S(name, desc + TIME_FMT, **kw)


LIB = {}
DOMAIN = {}


def F(domain, name, desc, *params):
    full = "%s.%s" % (domain, name)
    assert full not in LIB, full
    props = {}
    req = []
    for p in params:
        assert p["name"] not in props, (full, p["name"])
        props[p["name"]] = p["prop"]
        if not p["opt"]:
            req.append(p["name"])
    LIB[full] = {
        "name": full,
        "description": desc,
        "parameters": {"type": "dict", "properties": props, "required": req},
    }
    DOMAIN[full] = domain


WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

# ---------------------------------------------------------------- travel
F("travel", "search_flights", "Search for available flights between two airports.",
  S("origin", "IATA code of the departure airport."),
  S("destination", "IATA code of the arrival airport."),
  DATE("departure_date", "Date of the outbound flight."),
  DATE("return_date", "Date of the return flight for round trips.", opt=True),
  I("passengers", "Number of passengers.", default=1),
  S("cabin_class", "Cabin class.", enum=["economy", "premium_economy", "business", "first"], default="economy"))
F("travel", "get_visa_requirements", "Look up visa requirements for a trip.",
  S("citizenship", "Country of citizenship of the traveller."),
  S("destination_country", "Country being visited."),
  S("purpose", "Purpose of the trip.", enum=["tourism", "business", "study", "transit"], default="tourism"))
F("travel", "create_itinerary", "Create a multi-stop travel itinerary.",
  S("traveler_name", "Full name of the traveller."),
  A("stops", "Cities to visit, in order."),
  DATE("start_date", "First day of the trip."),
  DATE("end_date", "Last day of the trip."))

# ---------------------------------------------------------------- finance
F("finance", "convert_currency", "Convert an amount between two currencies at the current rate.",
  N("amount", "Amount to convert."),
  S("from_currency", "ISO 4217 code of the source currency."),
  S("to_currency", "ISO 4217 code of the target currency."))
F("finance", "get_stock_quote", "Get the latest quote for a stock ticker.",
  S("ticker", "Stock ticker symbol."),
  S("exchange", "Exchange code, e.g. NASDAQ.", opt=True))
F("finance", "get_historical_price", "Get historical prices for a stock ticker over a date range.",
  S("ticker", "Stock ticker symbol."),
  DATE("start_date", "First day of the range."),
  DATE("end_date", "Last day of the range."),
  S("interval", "Sampling interval.", enum=["daily", "weekly", "monthly"], default="daily"))
F("finance", "get_dividend_history", "Get the dividend payment history of a stock.",
  S("ticker", "Stock ticker symbol."),
  I("years", "Number of past years to include.", default=5))
F("finance", "calculate_loan_payment", "Calculate the monthly payment of an amortising loan.",
  N("principal", "Loan amount."),
  N("annual_rate_percent", "Annual interest rate in percent."),
  I("term_months", "Loan term in months."))

# ---------------------------------------------------------------- health
F("health", "book_appointment", "Book a clinic appointment for a patient.",
  S("patient_id", "Patient identifier."),
  S("provider_name", "Name of the doctor or provider."),
  DATE("appointment_date", "Date of the appointment."),
  TIME("appointment_time", "Start time of the appointment."),
  S("reason", "Short reason for the visit.", opt=True))
F("health", "calculate_bmi", "Calculate body mass index.",
  N("weight_kg", "Body weight in kilograms."),
  N("height_cm", "Height in centimetres."))
F("health", "log_symptom", "Record a symptom in a patient's health journal.",
  S("patient_id", "Patient identifier."),
  S("symptom", "Symptom description."),
  I("severity", "Severity from 1 (mild) to 10 (worst)."),
  DATE("onset_date", "Date the symptom started."))

# ---------------------------------------------------------------- devops
F("devops", "scale_deployment", "Set the number of replicas of a deployment.",
  S("deployment_name", "Name of the deployment."),
  I("replicas", "Desired number of replicas."),
  S("namespace", "Cluster namespace.", default="default"))
F("devops", "restart_service", "Restart a running service in an environment.",
  S("service_name", "Name of the service."),
  S("environment", "Target environment.", enum=["dev", "staging", "production"]))
F("devops", "rollback_deployment", "Roll a deployment back to an earlier revision.",
  S("deployment_name", "Name of the deployment."),
  I("revision", "Revision number to roll back to."),
  S("namespace", "Cluster namespace.", default="default"))
F("devops", "create_alert_rule", "Create a monitoring alert rule.",
  S("metric", "Metric name."),
  N("threshold", "Threshold value."),
  S("comparison", "Fire when the metric is above or below the threshold.", enum=["above", "below"]),
  A("notify_channels", "Channels to notify."),
  I("duration_minutes", "How long the condition must hold before firing.", default=5))

# ---------------------------------------------------------------- logistics
ADDR = [S("name", "Full name."), S("address", "Street address including city.")]
F("logistics", "create_shipment", "Create a parcel shipment.",
  D("sender", "Sender details.", ADDR),
  D("recipient", "Recipient details.", ADDR),
  N("weight_kg", "Parcel weight in kilograms."),
  S("service_level", "Delivery speed.", enum=["standard", "express", "overnight"], default="standard"))
F("logistics", "track_shipment", "Get the current status of a shipment.",
  S("tracking_number", "Tracking number of the shipment."))
F("logistics", "reroute_shipment", "Send an in-transit shipment to a different address.",
  S("tracking_number", "Tracking number of the shipment."),
  S("new_address", "New delivery address."),
  B("hold_at_depot", "Hold the parcel at the depot for pickup instead of delivering.", default=False))
F("logistics", "estimate_freight_cost", "Estimate the cost of a palletised freight shipment.",
  S("origin_postcode", "Postcode of the pickup location."),
  S("destination_postcode", "Postcode of the delivery location."),
  I("pallets", "Number of pallets."),
  N("weight_kg", "Total weight in kilograms."))

# ---------------------------------------------------------------- cooking
F("cooking", "scale_recipe", "Scale a saved recipe to a different number of servings.",
  S("recipe_id", "Recipe identifier."),
  I("original_servings", "Servings the recipe is written for."),
  I("target_servings", "Servings wanted."))
F("cooking", "find_recipes", "Find recipes that use the given ingredients.",
  A("ingredients", "Ingredients to use."),
  I("max_prep_minutes", "Maximum preparation time in minutes.", opt=True),
  S("diet", "Dietary restriction.", enum=["none", "vegetarian", "vegan", "gluten_free", "keto"], default="none"))
F("cooking", "convert_measurement", "Convert a kitchen measurement between units.",
  N("quantity", "Amount to convert."),
  S("from_unit", "Unit to convert from."),
  S("to_unit", "Unit to convert to."),
  S("ingredient", "Ingredient, for volume-to-weight conversions.", opt=True))

# ---------------------------------------------------------------- education
F("education", "enroll_student", "Enroll a student in a course for a term.",
  S("student_id", "Student identifier."),
  S("course_code", "Course code."),
  S("term", "Academic term, e.g. Fall 2027."))
F("education", "record_grade", "Record a student's score on an assignment.",
  S("student_id", "Student identifier."),
  S("assignment_id", "Assignment identifier."),
  N("score", "Points earned."),
  N("max_score", "Maximum points for the assignment.", default=100.0))
F("education", "schedule_exam", "Schedule an exam for a course.",
  S("course_code", "Course code."),
  DATE("exam_date", "Date of the exam."),
  TIME("start_time", "Start time of the exam."),
  S("room", "Room where the exam takes place."),
  I("duration_minutes", "Length of the exam in minutes.", default=120))

# ---------------------------------------------------------------- retail
F("retail", "return_item", "Start a return for an item from an order.",
  S("order_id", "Order identifier."),
  S("item_sku", "SKU of the item."),
  S("reason", "Reason for the return.", enum=["damaged", "wrong_item", "not_as_described", "no_longer_needed"]),
  S("refund_method", "How to refund.", enum=["original_payment", "store_credit"], default="original_payment"))
F("retail", "exchange_item", "Exchange an item from an order for another size or colour.",
  S("order_id", "Order identifier."),
  S("item_sku", "SKU of the item."),
  S("new_size", "Size wanted.", opt=True),
  S("new_color", "Colour wanted.", opt=True))
F("retail", "check_stock", "Check whether a product is in stock.",
  S("sku", "SKU of the product."),
  S("store_id", "Store to check; all stores if omitted.", opt=True))
F("retail", "apply_coupon", "Apply a coupon code to a shopping cart.",
  S("cart_id", "Cart identifier."),
  S("coupon_code", "Coupon code."))

# ---------------------------------------------------------------- science
F("science", "calculate_molar_mass", "Calculate the molar mass of a chemical formula.",
  S("formula", "Chemical formula, e.g. H2O."))
F("science", "get_element_info", "Look up a property of a chemical element.",
  S("symbol", "Element symbol."),
  S("property", "Property to return.", enum=["atomic_mass", "electronegativity", "melting_point", "boiling_point", "density"]))
F("science", "calculate_dilution", "Compute the stock volume needed for a dilution.",
  N("stock_concentration_molar", "Stock concentration in mol/L."),
  N("target_concentration_molar", "Target concentration in mol/L."),
  N("target_volume_ml", "Final volume in millilitres."))

# ---------------------------------------------------------------- home automation
F("home_automation", "set_thermostat", "Set the target temperature of a heating zone.",
  S("zone", "Thermostat zone name."),
  N("target_celsius", "Target temperature in degrees Celsius."),
  S("mode", "Operating mode.", enum=["heat", "cool", "auto"], default="auto"))
F("home_automation", "set_lights", "Set the lights in a room.",
  S("room", "Room name."),
  I("brightness_percent", "Brightness from 0 to 100."),
  S("color", "Light colour name.", opt=True))
F("home_automation", "lock_door", "Lock a smart door lock.",
  S("door_name", "Name of the door."),
  I("auto_relock_minutes", "Relock automatically after this many minutes if opened.", opt=True))
F("home_automation", "schedule_device", "Schedule a smart plug or device to switch on or off.",
  S("device_id", "Device identifier."),
  S("action", "What to do.", enum=["on", "off"]),
  TIME("run_time", "Time of day to run the action."),
  A("days", "Days of the week to repeat on.", item_enum=WEEKDAYS))

# ---------------------------------------------------------------- sports
F("sports", "get_fixture_results", "Get a team's results for a season.",
  S("league", "League name."),
  S("team", "Team name."),
  S("season", "Season, e.g. 2026-27."))
F("sports", "get_player_stats", "Get a player's statistics for a season.",
  S("player_name", "Player's full name."),
  S("season", "Season, e.g. 2026-27."),
  S("competition", "Limit to one competition.", opt=True))
F("sports", "book_court", "Book a sports court at a facility.",
  S("facility_id", "Facility identifier."),
  S("sport", "Sport.", enum=["tennis", "squash", "badminton", "padel"]),
  DATE("booking_date", "Date of the booking."),
  TIME("start_time", "Start time."),
  I("duration_minutes", "Length of the booking.", default=60))

# ---------------------------------------------------------------- hr
LEAVE = ["annual", "sick", "parental", "unpaid"]
F("hr", "request_leave", "Submit a leave request for an employee.",
  S("employee_id", "Employee identifier."),
  S("leave_type", "Type of leave.", enum=LEAVE),
  DATE("start_date", "First day of leave."),
  DATE("end_date", "Last day of leave."),
  S("note", "Note for the approver.", opt=True))
F("hr", "cancel_leave", "Cancel an existing leave request.",
  S("employee_id", "Employee identifier."),
  S("leave_request_id", "Leave request identifier."))
F("hr", "get_leave_balance", "Get the remaining leave days of an employee.",
  S("employee_id", "Employee identifier."),
  S("leave_type", "Type of leave.", enum=LEAVE),
  I("year", "Calendar year; current year if omitted.", opt=True))
F("hr", "post_job_opening", "Publish a job opening.",
  S("title", "Job title."),
  S("department", "Department name."),
  S("location", "Office location."),
  D("salary_range", "Annual salary range.", [I("min", "Lower bound."), I("max", "Upper bound."), S("currency", "ISO 4217 currency code.")]),
  B("remote", "Whether the role can be fully remote.", default=False))

# ---------------------------------------------------------------- legal
F("legal", "file_document", "File a document with a court in an open case.",
  S("case_number", "Court case number."),
  S("document_type", "Kind of document.", enum=["motion", "brief", "affidavit", "exhibit"]),
  DATE("filing_date", "Filing date."),
  S("court", "Name of the court."))
F("legal", "check_trademark", "Search a trademark register for conflicting marks.",
  S("mark", "Word mark to search."),
  A("classes", "Nice classification class numbers.", item_type="integer"),
  S("jurisdiction", "Register to search.", default="US"))
F("legal", "calculate_deadline", "Calculate a legal deadline from a start date.",
  DATE("start_date", "Date the period starts."),
  I("days", "Length of the period in days."),
  B("business_days_only", "Count only business days.", default=False))

# ---------------------------------------------------------------- media
F("media", "transcode_video", "Transcode a video file to another format.",
  S("file_id", "Video file identifier."),
  S("output_format", "Container format.", enum=["mp4", "webm", "mov", "mkv"]),
  S("resolution", "Output resolution.", enum=["480p", "720p", "1080p", "2160p"]),
  I("bitrate_kbps", "Target bitrate in kbps.", opt=True))
F("media", "add_subtitles", "Attach a subtitle track to a video.",
  S("video_id", "Video identifier."),
  S("language", "Subtitle language."),
  S("subtitle_file", "File name of the subtitle file."))
F("media", "schedule_broadcast", "Schedule a programme on a channel.",
  S("program_id", "Programme identifier."),
  S("channel", "Channel name."),
  DATE("air_date", "Broadcast date."),
  TIME("air_time", "Broadcast start time."))

# ---------------------------------------------------------------- weather
UNITS = dict(enum=["metric", "imperial"], default="metric")
F("weather", "get_current", "Get current weather conditions for a location.",
  S("location", "City or place name."),
  S("units", "Unit system.", **UNITS))
F("weather", "get_forecast", "Get a daily weather forecast for a location.",
  S("location", "City or place name."),
  I("days", "Number of forecast days."),
  S("units", "Unit system.", **UNITS))
F("weather", "get_historical", "Get recorded weather for a location on a past date.",
  S("location", "City or place name."),
  DATE("date", "Date of interest."),
  S("units", "Unit system.", **UNITS))

# ---------------------------------------------------------------- automotive
F("automotive", "decode_vin", "Decode a vehicle identification number.",
  S("vin", "17-character VIN."))
F("automotive", "book_service", "Book a vehicle service at a garage.",
  S("vehicle_reg", "Vehicle registration plate."),
  S("service_type", "Service wanted.", enum=["oil_change", "tyre_rotation", "brake_inspection", "full_service"]),
  DATE("service_date", "Date of the service."),
  TIME("drop_off_time", "Time the car is dropped off."))
F("automotive", "estimate_fuel_cost", "Estimate the fuel cost of a trip.",
  N("distance_km", "Trip distance in kilometres."),
  N("consumption_l_per_100km", "Fuel consumption in litres per 100 km."),
  N("fuel_price_per_litre", "Fuel price per litre."))

# ---------------------------------------------------------------- real estate
F("real_estate", "search_listings", "Search property listings.",
  S("city", "City name."),
  S("listing_type", "Sale or rental.", enum=["sale", "rent"]),
  I("min_bedrooms", "Minimum number of bedrooms."),
  I("max_price", "Maximum price in local currency."),
  A("property_types", "Property types to include.", item_enum=["house", "apartment", "townhouse", "studio"], opt=True))
F("real_estate", "schedule_viewing", "Schedule a viewing of a listed property.",
  S("listing_id", "Listing identifier."),
  DATE("viewing_date", "Date of the viewing."),
  TIME("viewing_time", "Time of the viewing."),
  S("contact_name", "Name of the person attending."))
F("real_estate", "get_valuation", "Estimate the market value of a property.",
  S("address", "Property address."),
  I("bedrooms", "Number of bedrooms."),
  N("floor_area_sqm", "Floor area in square metres."))

# ---------------------------------------------------------------- agriculture
F("agriculture", "log_harvest", "Record a harvest from a field.",
  S("field_id", "Field identifier."),
  S("crop", "Crop harvested."),
  N("yield_tonnes", "Harvest weight in tonnes."),
  DATE("harvest_date", "Date of the harvest."))
F("agriculture", "get_soil_report", "Get the latest soil analysis for a field.",
  S("field_id", "Field identifier."),
  I("depth_cm", "Sampling depth in centimetres.", default=30))
F("agriculture", "schedule_irrigation", "Schedule an irrigation run for a field.",
  S("field_id", "Field identifier."),
  TIME("start_time", "Start time of the run."),
  I("duration_minutes", "Length of the run in minutes."))

# ---------------------------------------------------------------- energy
F("energy", "get_usage", "Get electricity usage for a meter over a date range.",
  S("meter_id", "Meter identifier."),
  DATE("start_date", "First day of the range."),
  DATE("end_date", "Last day of the range."),
  S("granularity", "Aggregation level.", enum=["hourly", "daily", "monthly"], default="daily"))
F("energy", "estimate_solar_output", "Estimate the yearly output of a solar installation.",
  N("latitude", "Latitude in decimal degrees."),
  N("longitude", "Longitude in decimal degrees."),
  N("capacity_kw", "Installed panel capacity in kW."),
  N("tilt_degrees", "Panel tilt in degrees.", default=30.0))
F("energy", "submit_meter_reading", "Submit a manual meter reading.",
  S("meter_id", "Meter identifier."),
  I("reading_kwh", "Meter reading in kWh."),
  DATE("reading_date", "Date of the reading."))

# ---------------------------------------------------------------- telecom
F("telecom", "change_plan", "Move a mobile account to another plan.",
  S("account_number", "Account number."),
  S("new_plan_code", "Code of the new plan."),
  DATE("effective_date", "Date the change takes effect."))
F("telecom", "add_data_pack", "Add an extra data pack to a mobile account.",
  S("account_number", "Account number."),
  I("pack_size_gb", "Size of the pack in GB."),
  B("auto_renew", "Renew the pack every month.", default=False))
F("telecom", "port_number", "Port a phone number in from another carrier.",
  S("phone_number", "Phone number to port."),
  S("donor_carrier", "Carrier the number is leaving."),
  S("account_number", "Account to port the number into."))
F("telecom", "check_coverage", "Check network coverage at a postcode.",
  S("postcode", "Postcode."),
  S("technology", "Network technology.", enum=["4g", "5g", "fibre"]))

# ---------------------------------------------------------------- gaming
F("gaming", "get_leaderboard", "Get the leaderboard of a game.",
  S("game_id", "Game identifier."),
  S("region", "Region.", enum=["na", "eu", "asia", "global"], default="global"),
  I("top_n", "Number of entries to return.", default=10))
F("gaming", "create_lobby", "Create a multiplayer lobby.",
  S("game_mode", "Game mode."),
  I("max_players", "Maximum number of players."),
  B("private", "Whether the lobby is invite-only.", default=False),
  S("password", "Lobby password.", opt=True))
F("gaming", "report_player", "Report a player for misconduct.",
  S("player_tag", "Player tag."),
  S("reason", "Reason for the report.", enum=["cheating", "harassment", "griefing", "spam"]),
  S("match_id", "Match in which it happened.", opt=True))

# ---------------------------------------------------------------- music
F("music", "create_playlist", "Create a new playlist.",
  S("name", "Playlist name."),
  S("description", "Playlist description.", opt=True),
  B("public", "Whether the playlist is public.", default=True))
F("music", "add_tracks_to_playlist", "Add tracks to an existing playlist.",
  S("playlist_id", "Playlist identifier."),
  A("track_ids", "Track identifiers to add."))
F("music", "remove_tracks_from_playlist", "Remove tracks from an existing playlist.",
  S("playlist_id", "Playlist identifier."),
  A("track_ids", "Track identifiers to remove."))
F("music", "search_tracks", "Search the music catalogue.",
  S("artist", "Artist name."),
  S("title", "Track title.", opt=True),
  I("year", "Release year.", opt=True))

# ---------------------------------------------------------------- library
F("library", "borrow_book", "Check out a book to a library member.",
  S("member_id", "Library member identifier."),
  S("isbn", "ISBN of the book."))
F("library", "renew_loan", "Extend a member's current loan.",
  S("member_id", "Library member identifier."),
  S("loan_id", "Loan identifier."),
  I("extra_days", "Days to extend by.", default=14))
F("library", "reserve_book", "Place a hold on a book for pickup at a branch.",
  S("member_id", "Library member identifier."),
  S("isbn", "ISBN of the book."),
  S("pickup_branch", "Branch where the member will collect the book."))

# ---------------------------------------------------------------- events
F("events", "create_event", "Create a public event listing.",
  S("title", "Event title."),
  DATE("event_date", "Date of the event."),
  TIME("start_time", "Start time."),
  S("venue", "Venue name."),
  I("capacity", "Maximum number of attendees."))
F("events", "register_attendee", "Register a person for an event.",
  S("event_id", "Event identifier."),
  D("attendee", "Attendee details.", [S("name", "Full name."), S("email", "Email address.")]),
  S("ticket_type", "Ticket type.", enum=["general", "vip", "student"]))
F("events", "send_invitations", "Send invitations for an event.",
  S("event_id", "Event identifier."),
  A("emails", "Email addresses to invite."),
  S("message", "Personal message.", opt=True))

# ---------------------------------------------------------------- pets
F("pets", "book_grooming", "Book a grooming appointment for a pet.",
  S("pet_name", "Pet's name."),
  S("species", "Species.", enum=["dog", "cat", "rabbit"]),
  S("service", "Grooming service.", enum=["bath", "full_groom", "nail_trim"]),
  DATE("appointment_date", "Date of the appointment."),
  TIME("appointment_time", "Time of the appointment."))
F("pets", "log_vaccination", "Record a vaccination in a pet's health record.",
  S("pet_id", "Pet identifier."),
  S("vaccine", "Vaccine name."),
  DATE("date_given", "Date the vaccine was given."),
  DATE("next_due_date", "Date the next dose is due.", opt=True))
F("pets", "calculate_food_portion", "Calculate a daily food portion for a pet.",
  S("species", "Species.", enum=["dog", "cat"]),
  N("weight_kg", "Pet weight in kilograms."),
  S("activity_level", "Activity level.", enum=["low", "moderate", "high"], default="moderate"))

# ---------------------------------------------------------------- fitness
F("fitness", "log_workout", "Log a completed workout.",
  S("activity", "Activity.", enum=["running", "cycling", "swimming", "rowing", "walking"]),
  I("duration_minutes", "Duration in minutes."),
  DATE("workout_date", "Date of the workout."),
  N("distance_km", "Distance in kilometres.", opt=True))
F("fitness", "set_goal", "Set a personal fitness goal.",
  S("goal_type", "Goal type.", enum=["weekly_distance_km", "weekly_workouts", "daily_steps"]),
  N("target", "Target value."),
  DATE("start_date", "Date the goal starts."))
F("fitness", "get_training_plan", "Generate a training plan for a race.",
  S("race_distance", "Race distance.", enum=["5k", "10k", "half_marathon", "marathon"]),
  I("weeks", "Number of weeks until the race."),
  S("experience", "Runner experience.", enum=["beginner", "intermediate", "advanced"], default="beginner"))

# ---------------------------------------------------------------- insurance
F("insurance", "file_claim", "File an insurance claim.",
  S("policy_number", "Policy number."),
  DATE("incident_date", "Date of the incident."),
  S("description", "What happened."),
  N("estimated_loss", "Estimated loss amount."))
F("insurance", "get_quote", "Get an insurance quote.",
  S("product", "Insurance product.", enum=["auto", "home", "travel", "pet"]),
  I("coverage_amount", "Coverage amount."),
  I("deductible", "Deductible amount.", opt=True))
F("insurance", "update_beneficiary", "Add or update a beneficiary on a policy.",
  S("policy_number", "Policy number."),
  S("beneficiary_name", "Beneficiary's full name."),
  N("share_percent", "Share of the benefit in percent."))

# ---------------------------------------------------------------- government
F("government", "renew_passport", "Submit a passport renewal application.",
  S("applicant_id", "Applicant identifier."),
  S("passport_number", "Current passport number."),
  B("expedited", "Use expedited processing.", default=False))
F("government", "pay_parking_fine", "Pay a parking fine.",
  S("citation_number", "Citation number."),
  N("amount", "Amount to pay."),
  S("card_last_four", "Last four digits of the paying card."))
F("government", "request_permit", "Apply for a municipal permit.",
  S("permit_type", "Permit type.", enum=["building", "event", "street_parking", "business"]),
  S("address", "Address the permit applies to."),
  DATE("start_date", "First day of validity."),
  DATE("end_date", "Last day of validity."))

# ---------------------------------------------------------------- transport
F("transport", "plan_journey", "Plan a public transport journey.",
  S("origin", "Starting place."),
  S("destination", "Destination."),
  DATE("travel_date", "Date of travel."),
  TIME("departure_time", "Earliest departure time."),
  A("modes", "Allowed modes.", item_enum=["bus", "train", "tram", "ferry", "metro"], opt=True))
F("transport", "get_departures", "Get upcoming departures from a stop.",
  S("stop_id", "Stop identifier."),
  S("line", "Only this line.", opt=True),
  I("limit", "Number of departures.", default=5))
F("transport", "top_up_card", "Add credit to a transit card.",
  S("card_number", "Transit card number."),
  N("amount", "Amount to add."))

# ---------------------------------------------------------------- hospitality
F("hospitality", "book_room", "Book a hotel room.",
  S("hotel_id", "Hotel identifier."),
  DATE("check_in_date", "Arrival date."),
  DATE("check_out_date", "Departure date."),
  I("guests", "Number of guests."),
  S("room_type", "Room type.", enum=["single", "double", "twin", "suite"]))
F("hospitality", "modify_reservation", "Change the dates of an existing hotel reservation.",
  S("reservation_id", "Reservation identifier."),
  DATE("check_in_date", "New arrival date."),
  DATE("check_out_date", "New departure date."))
F("hospitality", "cancel_reservation", "Cancel a hotel reservation.",
  S("reservation_id", "Reservation identifier."),
  S("reason", "Reason for cancelling.", opt=True))
F("hospitality", "reserve_table", "Reserve a restaurant table.",
  S("restaurant_name", "Restaurant name."),
  I("party_size", "Number of diners."),
  DATE("reservation_date", "Date of the reservation."),
  TIME("reservation_time", "Time of the reservation."),
  S("seating", "Seating area.", enum=["indoor", "outdoor", "bar"], default="indoor"))

# ---------------------------------------------------------------- security
F("security", "scan_host", "Run a port scan against a host.",
  S("ip_address", "IPv4 address of the host."),
  A("ports", "Ports to scan.", item_type="integer"),
  S("scan_type", "Scan technique.", enum=["tcp_syn", "tcp_connect", "udp"], default="tcp_syn"))
F("security", "rotate_api_key", "Rotate an API key for a service.",
  S("service_name", "Service name."),
  S("key_id", "Identifier of the key to rotate."),
  I("expires_in_days", "Lifetime of the new key in days.", default=90))
F("security", "block_ip", "Block an IP address at the firewall.",
  S("ip_address", "IPv4 address to block."),
  I("duration_hours", "Block duration in hours."),
  S("reason", "Reason for the block."))

# ---------------------------------------------------------------- marketing
F("marketing", "create_campaign", "Create a marketing campaign.",
  S("name", "Campaign name."),
  S("channel", "Channel.", enum=["email", "social", "search", "display"]),
  N("budget", "Total budget."),
  DATE("start_date", "First day of the campaign."),
  DATE("end_date", "Last day of the campaign."),
  S("target_audience", "Audience description.", opt=True))
F("marketing", "get_campaign_metrics", "Get performance metrics of a campaign.",
  S("campaign_id", "Campaign identifier."),
  A("metrics", "Metrics to return.", item_enum=["impressions", "clicks", "conversions", "spend", "ctr"]))
F("marketing", "schedule_email_blast", "Schedule an email to a mailing list.",
  S("list_id", "Mailing list identifier."),
  S("subject", "Email subject line."),
  DATE("send_date", "Send date."),
  TIME("send_time", "Send time."))

# ---------------------------------------------------------------- manufacturing
F("manufacturing", "create_work_order", "Create a production work order.",
  S("product_code", "Product code."),
  I("quantity", "Units to produce."),
  DATE("due_date", "Due date."),
  S("priority", "Priority.", enum=["low", "normal", "high", "urgent"], default="normal"))
F("manufacturing", "log_defect", "Log a quality defect for a production batch.",
  S("batch_id", "Batch identifier."),
  S("defect_type", "Kind of defect."),
  I("units_affected", "Number of units affected."),
  S("station_id", "Station where it was found."))
F("manufacturing", "get_machine_status", "Get the status of a production machine.",
  S("machine_id", "Machine identifier."))

# ---------------------------------------------------------------- astronomy
F("astronomy", "get_moon_phase", "Get the moon phase on a date.",
  DATE("date", "Date of interest."))
F("astronomy", "get_visible_planets", "List planets visible from a location at a given time.",
  N("latitude", "Latitude in decimal degrees."),
  N("longitude", "Longitude in decimal degrees."),
  DATE("observation_date", "Date of observation."),
  TIME("observation_time", "Local time of observation."))
F("astronomy", "lookup_object", "Look up a deep-sky object by catalogue designation.",
  S("designation", "Catalogue designation, e.g. M31."))

# ---------------------------------------------------------------- geography
F("geography", "get_distance", "Get the great-circle distance between two places.",
  S("origin_place", "First place."),
  S("destination_place", "Second place."),
  S("unit", "Distance unit.", enum=["km", "mi"], default="km"))
F("geography", "get_country_info", "Get facts about a country.",
  S("country", "Country name."),
  A("fields", "Facts to return.", item_enum=["capital", "population", "area", "currency", "languages"]))
F("geography", "get_elevation", "Get the elevation of a coordinate.",
  N("latitude", "Latitude in decimal degrees."),
  N("longitude", "Longitude in decimal degrees."))

# ---------------------------------------------------------------- language
F("language", "translate_text", "Translate text into another language.",
  S("text", "Text to translate."),
  S("target_language", "Language to translate into."),
  S("source_language", "Language of the text; detected if omitted.", opt=True))
F("language", "define_word", "Get dictionary definitions of a word.",
  S("word", "Word to define."),
  S("language", "Dictionary language code.", default="en"))
F("language", "check_grammar", "Check the grammar and spelling of a text.",
  S("text", "Text to check."),
  S("dialect", "English variety.", enum=["en_us", "en_gb", "en_au"], default="en_us"))

# ---------------------------------------------------------------- photography
F("photography", "resize_image", "Resize an image.",
  S("image_id", "Image identifier."),
  I("width_px", "Width in pixels."),
  I("height_px", "Height in pixels."),
  B("keep_aspect", "Keep the aspect ratio by padding.", default=True))
F("photography", "apply_filter", "Apply a colour filter to an image.",
  S("image_id", "Image identifier."),
  S("filter", "Filter name.", enum=["sepia", "black_and_white", "vivid", "vintage"]),
  I("intensity_percent", "Filter strength.", default=100))
F("photography", "book_photoshoot", "Book a photographer for a shoot.",
  S("photographer_id", "Photographer identifier."),
  DATE("shoot_date", "Date of the shoot."),
  TIME("start_time", "Start time."),
  I("hours", "Length of the shoot in hours."),
  S("location", "Where the shoot takes place."))

# ---------------------------------------------------------------- gardening
F("gardening", "get_planting_calendar", "Get sowing and planting windows for a plant.",
  S("plant", "Plant name."),
  S("hardiness_zone", "USDA hardiness zone, e.g. 7b."))
F("gardening", "schedule_watering", "Schedule watering for a garden bed.",
  S("bed_id", "Garden bed identifier."),
  A("days", "Days of the week to water.", item_enum=WEEKDAYS),
  N("litres", "Water per session in litres."))
F("gardening", "diagnose_plant", "Suggest likely causes of plant problems.",
  S("plant", "Plant name."),
  A("symptoms", "Observed symptoms."))

# ---------------------------------------------------------------- banking
F("banking", "transfer_funds", "Transfer money between two accounts immediately.",
  S("from_account", "Source account number."),
  S("to_account", "Destination account number."),
  N("amount", "Amount to transfer."),
  S("currency", "ISO 4217 currency code.", default="USD"),
  S("memo", "Reference shown on the transfer.", opt=True))
F("banking", "schedule_payment", "Schedule a bill payment to a saved payee on a future date.",
  S("from_account", "Source account number."),
  S("payee_id", "Saved payee identifier."),
  N("amount", "Amount to pay."),
  DATE("payment_date", "Date the payment is made."))
F("banking", "freeze_card", "Temporarily freeze a payment card.",
  S("card_id", "Card identifier."),
  S("reason", "Reason for freezing.", enum=["lost", "stolen", "suspicious_activity", "travel"]))
F("banking", "get_transactions", "List account transactions in a date range.",
  S("account_id", "Account identifier."),
  DATE("start_date", "First day of the range."),
  DATE("end_date", "Last day of the range."),
  N("min_amount", "Only transactions at least this large.", opt=True))

# ---------------------------------------------------------------- office
F("office", "create_document", "Create a new document.",
  S("title", "Document title."),
  S("template", "Template.", enum=["blank", "report", "memo", "letter"], default="blank"),
  S("folder", "Folder to save into.", opt=True))
F("office", "share_file", "Share a file with people.",
  S("file_id", "File identifier."),
  A("emails", "Email addresses to share with."),
  S("permission", "Access level.", enum=["view", "comment", "edit"], default="view"))
F("office", "book_meeting_room", "Book a meeting room.",
  S("room_id", "Room identifier."),
  DATE("meeting_date", "Date of the meeting."),
  TIME("start_time", "Start time."),
  TIME("end_time", "End time."),
  I("attendees", "Number of attendees."))

# ---------------------------------------------------------------- calendar
F("calendar", "create_event", "Create a calendar event.",
  S("title", "Event title."),
  DATE("event_date", "Date of the event."),
  TIME("start_time", "Start time."),
  TIME("end_time", "End time."),
  A("attendees", "Attendee email addresses.", opt=True))
F("calendar", "reschedule_event", "Move an existing calendar event.",
  S("event_id", "Event identifier."),
  DATE("new_date", "New date."),
  TIME("new_start_time", "New start time."))
F("calendar", "cancel_event", "Cancel a calendar event.",
  S("event_id", "Event identifier."),
  B("notify_attendees", "Email attendees about the cancellation.", default=True))

# ---------------------------------------------------------------- email
F("email", "send_email", "Send an email.",
  A("to", "Recipient addresses."),
  S("subject", "Subject line."),
  S("body", "Message body."),
  A("cc", "Addresses to copy.", opt=True))
F("email", "create_filter", "Create an inbox filter for a sender.",
  S("from_address", "Sender address to match."),
  S("action", "What to do with matching mail.", enum=["archive", "delete", "label", "mark_read"]),
  S("label", "Label to apply when action is label.", opt=True))

# ---------------------------------------------------------------- crm
F("crm", "create_lead", "Create a sales lead.",
  S("company", "Company name."),
  S("contact_name", "Contact person."),
  S("email", "Contact email."),
  N("estimated_value", "Estimated deal value."),
  S("source", "Lead source.", enum=["web", "referral", "event", "cold_call"]))
F("crm", "update_deal_stage", "Move a deal to another pipeline stage.",
  S("deal_id", "Deal identifier."),
  S("stage", "New stage.", enum=["prospecting", "proposal", "negotiation", "closed_won", "closed_lost"]))
F("crm", "log_call", "Log a sales call with a contact.",
  S("contact_id", "Contact identifier."),
  DATE("call_date", "Date of the call."),
  I("duration_minutes", "Call length in minutes."),
  S("outcome", "Outcome.", enum=["no_answer", "left_voicemail", "follow_up", "not_interested"]))

# ---------------------------------------------------------------- accounting
F("accounting", "create_invoice", "Create an invoice for a client.",
  S("client_id", "Client identifier."),
  S("description", "Description of the work billed."),
  N("amount", "Invoice total."),
  DATE("due_date", "Payment due date."),
  S("currency", "ISO 4217 currency code.", default="USD"))
F("accounting", "record_expense", "Record a business expense.",
  N("amount", "Expense amount."),
  S("category", "Expense category.", enum=["travel", "meals", "software", "office_supplies"]),
  DATE("expense_date", "Date of the expense."),
  S("vendor", "Vendor name."))
F("accounting", "calculate_vat", "Calculate VAT on a net amount.",
  N("net_amount", "Net amount."),
  N("vat_rate_percent", "VAT rate in percent."))

# ---------------------------------------------------------------- pharmacy
F("pharmacy", "refill_prescription", "Request a prescription refill.",
  S("prescription_number", "Prescription number."),
  S("pharmacy_id", "Pharmacy identifier."),
  DATE("pickup_date", "Date of pickup."))
F("pharmacy", "check_interaction", "Check a list of drugs for interactions.",
  A("drugs", "Drug names."))

# ---------------------------------------------------------------- maritime
F("maritime", "get_tide_times", "Get high and low tide times for a port.",
  S("port", "Port name."),
  DATE("date", "Date of interest."))
F("maritime", "book_berth", "Book a marina berth.",
  S("marina_id", "Marina identifier."),
  S("vessel_name", "Name of the vessel."),
  N("length_m", "Vessel length in metres."),
  DATE("arrival_date", "Arrival date."),
  I("nights", "Number of nights."))

# ---------------------------------------------------------------- construction
F("construction", "estimate_materials", "Estimate the material needed for a surface.",
  S("material", "Material.", enum=["concrete", "drywall", "paint", "tile"]),
  N("area_sqm", "Area in square metres."),
  I("thickness_mm", "Layer thickness in millimetres, for concrete.", opt=True))
F("construction", "request_inspection", "Request a building inspection.",
  S("permit_number", "Building permit number."),
  S("inspection_type", "Inspection type.", enum=["foundation", "framing", "electrical", "plumbing", "final"]),
  DATE("inspection_date", "Requested date."))

# ---------------------------------------------------------------- nonprofit
F("nonprofit", "record_donation", "Record a donation.",
  S("donor_name", "Donor's name."),
  N("amount", "Donation amount."),
  S("currency", "ISO 4217 currency code."),
  DATE("donation_date", "Date received."),
  B("recurring", "Whether the donation recurs monthly.", default=False))
F("nonprofit", "register_volunteer", "Register a new volunteer.",
  S("name", "Volunteer's name."),
  S("email", "Email address."),
  A("skills", "Skills offered."),
  A("available_days", "Days the volunteer is available.", item_enum=WEEKDAYS))

# ---------------------------------------------------------------- social media
PLATFORMS = ["instagram", "linkedin", "mastodon", "tiktok"]
F("social_media", "schedule_post", "Schedule a social media post.",
  S("platform", "Platform.", enum=PLATFORMS),
  S("content", "Post text."),
  DATE("publish_date", "Publish date."),
  TIME("publish_time", "Publish time."),
  A("hashtags", "Hashtags without the # sign.", opt=True))
F("social_media", "get_follower_stats", "Get follower statistics for an account.",
  S("account_handle", "Account handle without the @ sign."),
  S("platform", "Platform.", enum=PLATFORMS))
