"""Function library of the blind7 test set.

Every schema here was invented for blind7.  A function's domain tag is the
part of its name before the dot; DOMAINS lists every domain with a label.
Helpers build BFCL-style parameter dicts; optional parameters with a default
get "Default: X." appended to their description automatically, date and time
parameters get their format sentence.
"""

NODEF = object()


def render_default(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _param(name, typ, desc, opt=False, default=NODEF, enum=None, items=None, sub=None):
    prop = {"type": typ, "description": desc}
    if enum is not None:
        prop["enum"] = list(enum)
    if items is not None:
        prop["items"] = items
    if sub is not None:
        prop["properties"] = {n: p for n, p, _ in sub}
        prop["required"] = [n for n, _, r in sub if r]
    if default is not NODEF:
        if not opt:
            raise ValueError("default on required parameter " + name)
        prop["default"] = default
        prop["description"] = desc + " Default: " + render_default(default) + "."
    return (name, prop, not opt)


def S(name, desc, **kw):
    return _param(name, "string", desc, **kw)


def I(name, desc, **kw):
    return _param(name, "integer", desc, **kw)


def F(name, desc, **kw):
    return _param(name, "float", desc, **kw)


def B(name, desc, **kw):
    return _param(name, "boolean", desc, **kw)


def A(name, desc, item_type, item_enum=None, **kw):
    items = {"type": item_type}
    if item_enum is not None:
        items["enum"] = list(item_enum)
    return _param(name, "array", desc, items=items, **kw)


def D(name, desc, sub, **kw):
    return _param(name, "dict", desc, sub=sub, **kw)


def DATE(name, desc, **kw):
    return S(name, desc + " Format: YYYY-MM-DD.", **kw)


def TIME(name, desc, **kw):
    return S(name, desc + " Format: HH:MM, 24-hour.", **kw)


DOMAINS = {
    "access": "Building access control",
    "accounting": "General-ledger accounting",
    "analytics": "Web analytics",
    "banking": "Banking",
    "calendar": "Calendars",
    "car_rental": "Car rental",
    "chat": "Team chat",
    "ci": "Continuous integration and delivery",
    "clinic": "Medical clinic scheduling",
    "cloud": "Cloud virtual machines",
    "conferencing": "Video conferencing",
    "contracts": "Contracts and e-signature",
    "crm": "Customer relationship management",
    "database": "Managed databases",
    "dns": "DNS hosting",
    "email": "E-mail",
    "energy": "Household energy metering",
    "events": "Event ticketing",
    "expenses": "Expense reporting",
    "fitness": "Fitness tracking",
    "fleet": "Vehicle fleet management",
    "flights": "Air travel",
    "fx": "Currency exchange",
    "git": "Source code hosting",
    "grocery": "Grocery delivery",
    "helpdesk": "IT helpdesk",
    "hotel": "Hotel booking",
    "hr": "Human-resources self-service",
    "insurance": "Insurance",
    "inventory": "Warehouse inventory",
    "invoicing": "Invoicing",
    "library": "Public library loans",
    "lms": "Learning management",
    "maps": "Maps and navigation",
    "monitoring": "Service monitoring",
    "music": "Music streaming",
    "news": "News search",
    "newsletter": "E-mail newsletters",
    "notes": "Note taking",
    "parking": "Parking",
    "passwords": "Password manager",
    "payments": "Peer-to-peer payments",
    "payroll": "Payroll",
    "pharmacy": "Pharmacy",
    "photos": "Photo management",
    "podcast": "Podcast hosting",
    "printing": "Office printing",
    "project": "Project management",
    "rail": "Rail travel",
    "real_estate": "Real estate",
    "recipes": "Recipes and cooking",
    "recruiting": "Recruiting",
    "restaurant": "Restaurants and food delivery",
    "rideshare": "Ride hailing",
    "shipping": "Parcel shipping",
    "smart_home": "Smart home",
    "social": "Social media",
    "spreadsheet": "Spreadsheets",
    "stocks": "Stock trading",
    "storage": "Cloud file storage",
    "survey": "Surveys",
    "tax": "Personal tax",
    "telecom": "Mobile telecom",
    "timesheet": "Time tracking",
    "translation": "Machine translation",
    "vet": "Veterinary care",
    "video": "Video hosting and live streaming",
    "weather": "Weather",
}

LIBRARY = {}


def fn(name, desc, *params):
    if name in LIBRARY:
        raise ValueError("duplicate function " + name)
    if name.split(".")[0] not in DOMAINS:
        raise ValueError("unknown domain for " + name)
    LIBRARY[name] = {
        "name": name,
        "description": desc,
        "parameters": {
            "type": "dict",
            "properties": {n: p for n, p, _ in params},
            "required": [n for n, _, r in params if r],
        },
    }


def domain_of(name):
    return name.split(".")[0]


CURRENCIES_BANK = ["USD", "EUR", "GBP", "CHF", "JPY", "CAD"]
CURRENCIES_P2P = ["USD", "EUR", "GBP", "INR", "MXN"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

# ---------------------------------------------------------------- calendar
fn("calendar.create_event", "Create an event in the user's calendar.",
   S("title", "Title of the event."),
   DATE("date", "Day of the event."),
   TIME("start_time", "Start time of the event."),
   TIME("end_time", "End time of the event."),
   A("attendees", "E-mail addresses of invited attendees.", "string", opt=True),
   S("location", "Where the event takes place.", opt=True),
   I("reminder_minutes", "Minutes before the start at which a reminder pops up.", opt=True, default=15))
fn("calendar.find_free_slot", "Find the first slot on a given day when all listed people are free.",
   A("attendees", "E-mail addresses of the people who must all be free.", "string"),
   DATE("date", "Day to search."),
   I("duration_minutes", "Length of the slot needed, in minutes."),
   TIME("earliest_time", "Earliest acceptable start time.", opt=True),
   TIME("latest_time", "Latest acceptable end time.", opt=True))
fn("calendar.cancel_event", "Cancel an existing calendar event.",
   S("event_id", "Identifier of the event."),
   B("notify_attendees", "Whether attendees receive a cancellation notice.", opt=True, default=True),
   S("reason", "Reason shown to attendees.", opt=True))

# ---------------------------------------------------------------- email
fn("email.send_message", "Send an e-mail immediately.",
   A("to", "Recipient e-mail addresses.", "string"),
   S("subject", "Subject line."),
   S("body", "Plain-text body of the message."),
   A("cc", "E-mail addresses to copy.", "string", opt=True),
   S("priority", "Priority flag of the message.", enum=["low", "normal", "high"], opt=True, default="normal"))
fn("email.create_draft", "Save an e-mail as a draft without sending it.",
   A("to", "Recipient e-mail addresses.", "string"),
   S("subject", "Subject line."),
   S("body", "Plain-text body of the message.", opt=True))
fn("email.schedule_message", "Queue an e-mail to be sent automatically at a later date and time.",
   A("to", "Recipient e-mail addresses.", "string"),
   S("subject", "Subject line."),
   S("body", "Plain-text body of the message."),
   DATE("send_date", "Day on which the message is sent."),
   TIME("send_time", "Time at which the message is sent."),
   S("timezone", "IANA time zone of the send time, e.g. America/Chicago.", opt=True, default="UTC"))

# ---------------------------------------------------------------- crm
fn("crm.create_contact", "Add a new contact to the CRM.",
   S("first_name", "Given name."),
   S("last_name", "Family name."),
   S("email", "E-mail address."),
   S("company", "Company the contact works for.", opt=True),
   S("phone", "Phone number in international format.", opt=True),
   A("tags", "Labels attached to the contact.", "string", opt=True))
fn("crm.update_contact", "Change fields of an existing CRM contact; fields not given stay unchanged.",
   S("contact_id", "Identifier of the contact."),
   S("email", "New e-mail address.", opt=True),
   S("phone", "New phone number.", opt=True),
   S("company", "New company.", opt=True),
   S("job_title", "New job title.", opt=True))
fn("crm.merge_contacts", "Merge a duplicate contact record into a primary record; the primary identifier is kept.",
   S("primary_contact_id", "Identifier of the record that is kept."),
   S("duplicate_contact_id", "Identifier of the record that is merged and removed."))
fn("crm.log_activity", "Record an interaction with a CRM contact.",
   S("contact_id", "Identifier of the contact."),
   S("activity_type", "Kind of interaction.", enum=["call", "meeting", "email", "note"]),
   DATE("date", "Day of the interaction."),
   I("duration_minutes", "Length of the interaction in minutes.", opt=True),
   S("notes", "Free-text notes.", opt=True))

# ---------------------------------------------------------------- banking
fn("banking.transfer_funds", "Move money immediately between two accounts.",
   S("from_account", "Account number to debit."),
   S("to_account", "Account number to credit."),
   F("amount", "Amount to transfer."),
   S("currency", "ISO 4217 code of the amount.", enum=CURRENCIES_BANK, opt=True, default="USD"),
   S("memo", "Reference text shown on both statements.", opt=True))
fn("banking.schedule_transfer", "Set up a future or recurring transfer between two accounts.",
   S("from_account", "Account number to debit."),
   S("to_account", "Account number to credit."),
   F("amount", "Amount of each transfer."),
   DATE("start_date", "Date of the first transfer."),
   S("frequency", "How often the transfer repeats.", enum=["once", "weekly", "monthly", "quarterly"], opt=True, default="once"),
   DATE("end_date", "Date of the last transfer.", opt=True))
fn("banking.get_transactions", "List the transactions of an account within a date range.",
   S("account_id", "Account number."),
   DATE("start_date", "First day of the range."),
   DATE("end_date", "Last day of the range."),
   F("min_amount", "Only list transactions of at least this amount.", opt=True),
   S("category", "Only list transactions of this spending category.", opt=True))

# ---------------------------------------------------------------- hotel
ROOM_TYPES = ["single", "double", "twin", "suite"]
fn("hotel.search_rooms", "Search available hotel rooms in a city.",
   S("city", "City to search in."),
   DATE("check_in_date", "Arrival day."),
   DATE("check_out_date", "Departure day."),
   I("guests", "Number of guests."),
   F("max_price_per_night", "Highest acceptable price per night, in local currency.", opt=True),
   A("amenities", "Amenities the hotel must offer, e.g. gym or parking.", "string", opt=True))
fn("hotel.book_room", "Book a room at a specific hotel.",
   S("hotel_id", "Identifier of the hotel."),
   S("room_type", "Type of room.", enum=ROOM_TYPES),
   DATE("check_in_date", "Arrival day."),
   DATE("check_out_date", "Departure day."),
   S("guest_name", "Full name of the main guest."),
   I("guests", "Number of guests.", opt=True, default=1))
fn("hotel.modify_booking", "Change the dates or room type of an existing hotel booking.",
   S("booking_reference", "Booking reference."),
   DATE("new_check_in_date", "New arrival day.", opt=True),
   DATE("new_check_out_date", "New departure day.", opt=True),
   S("room_type", "New room type.", enum=ROOM_TYPES, opt=True))
fn("hotel.cancel_booking", "Cancel a hotel booking.",
   S("booking_reference", "Booking reference."),
   S("reason", "Reason for the cancellation.", opt=True))

# ---------------------------------------------------------------- inventory
fn("inventory.adjust_stock", "Correct the on-hand quantity of a SKU in one warehouse by a positive or negative amount.",
   S("sku", "Stock-keeping unit code."),
   S("warehouse_id", "Identifier of the warehouse."),
   I("quantity_change", "Units to add (positive) or remove (negative)."),
   S("reason", "Reason for the correction.", enum=["damaged", "recount", "customer_return", "theft", "expired"]))
fn("inventory.transfer_stock", "Move units of a SKU from one warehouse to another.",
   S("sku", "Stock-keeping unit code."),
   S("from_warehouse", "Identifier of the sending warehouse."),
   S("to_warehouse", "Identifier of the receiving warehouse."),
   I("quantity", "Units to move."),
   DATE("ship_date", "Day the units leave the sending warehouse.", opt=True))
fn("inventory.set_reorder_point", "Set the stock level at which a SKU is reordered automatically.",
   S("sku", "Stock-keeping unit code."),
   S("warehouse_id", "Identifier of the warehouse."),
   I("reorder_point", "Stock level that triggers a reorder."),
   I("reorder_quantity", "Units ordered each time.", opt=True))

# ---------------------------------------------------------------- helpdesk
fn("helpdesk.create_ticket", "Open a new IT support ticket.",
   S("subject", "Short summary of the problem."),
   S("description", "Full description of the problem."),
   S("requester_email", "E-mail address of the person who needs help."),
   S("priority", "Urgency of the ticket.", enum=["low", "medium", "high", "urgent"], opt=True, default="medium"),
   S("category", "Area of the problem.", enum=["hardware", "software", "network", "access", "billing"], opt=True))
fn("helpdesk.assign_ticket", "Assign a ticket to a support agent.",
   S("ticket_id", "Identifier of the ticket."),
   S("assignee_email", "E-mail address of the agent."),
   S("note", "Internal note for the agent.", opt=True))
fn("helpdesk.escalate_ticket", "Escalate a ticket to a higher support tier.",
   S("ticket_id", "Identifier of the ticket."),
   I("tier", "Support tier to escalate to, 2 or 3."),
   S("reason", "Why the ticket is escalated."))
fn("helpdesk.close_ticket", "Close a ticket with a resolution code.",
   S("ticket_id", "Identifier of the ticket."),
   S("resolution_code", "How the ticket was resolved.", enum=["fixed", "duplicate", "wont_fix", "no_response"]),
   B("send_survey", "Whether the requester gets a satisfaction survey.", opt=True, default=True))

# ---------------------------------------------------------------- git
fn("git.create_branch", "Create a new branch in a repository.",
   S("repository", "Repository as owner/name."),
   S("branch_name", "Name of the new branch."),
   S("source_branch", "Branch the new branch starts from.", opt=True, default="main"))
fn("git.merge_pull_request", "Merge an open pull request.",
   S("repository", "Repository as owner/name."),
   I("pr_number", "Number of the pull request."),
   S("merge_method", "How the commits are merged.", enum=["merge", "squash", "rebase"], opt=True, default="merge"),
   B("delete_branch", "Whether the source branch is deleted after merging.", opt=True, default=False))
fn("git.create_tag", "Create an annotated tag on a commit.",
   S("repository", "Repository as owner/name."),
   S("tag_name", "Name of the tag."),
   S("commit_sha", "Commit hash, full or abbreviated."),
   S("message", "Annotation message.", opt=True))

# ---------------------------------------------------------------- cloud
fn("cloud.create_instance", "Launch a new virtual machine.",
   S("name", "Name of the virtual machine."),
   S("region", "Region code, e.g. us-east-2."),
   S("machine_type", "Machine type code."),
   I("disk_size_gb", "Size of the boot disk in GB.", opt=True, default=50),
   D("network", "Network placement of the machine.", [
       S("vpc_id", "Identifier of the virtual private cloud."),
       S("subnet_id", "Identifier of the subnet."),
       B("assign_public_ip", "Whether the machine gets a public IP address.", opt=True),
   ]))
fn("cloud.resize_instance", "Change the machine type of an existing virtual machine.",
   S("instance_id", "Identifier of the virtual machine."),
   S("machine_type", "New machine type code."),
   B("restart", "Whether the machine is restarted to apply the change.", opt=True, default=True))
fn("cloud.snapshot_volume", "Take a snapshot of a disk volume.",
   S("volume_id", "Identifier of the volume."),
   S("snapshot_name", "Name of the snapshot."),
   I("retention_days", "Days the snapshot is kept.", opt=True, default=7))
fn("cloud.delete_instance", "Permanently delete a virtual machine.",
   S("instance_id", "Identifier of the virtual machine."),
   B("delete_disks", "Whether attached disks are deleted too.", opt=True, default=False))

# ---------------------------------------------------------------- payroll
fn("payroll.run_payroll", "Calculate and submit payroll for a pay period.",
   DATE("period_start_date", "First day of the pay period."),
   DATE("period_end_date", "Last day of the pay period."),
   DATE("pay_date", "Day employees are paid."),
   S("department", "Only run payroll for this department.", opt=True))
fn("payroll.add_bonus", "Add a one-off bonus to an employee's next pay slip.",
   S("employee_id", "Identifier of the employee."),
   F("amount", "Bonus amount."),
   S("currency", "ISO 4217 code of the amount.", enum=["USD", "EUR", "GBP", "CAD", "AUD"]),
   S("reason", "Reason printed on the pay slip.", opt=True))
fn("payroll.update_salary", "Change an employee's base salary from a given date.",
   S("employee_id", "Identifier of the employee."),
   F("new_annual_salary", "New gross salary per year."),
   DATE("effective_date", "First day the new salary applies."))

# ---------------------------------------------------------------- smart_home
fn("smart_home.set_thermostat", "Set the target temperature of a heating or cooling zone.",
   S("zone", "Name of the zone."),
   F("target_temperature", "Target temperature in degrees Celsius."),
   S("mode", "Operating mode.", enum=["heat", "cool", "auto", "off"], opt=True, default="auto"))
fn("smart_home.set_light", "Turn on the lights of a room at a brightness and optional color.",
   S("room", "Name of the room."),
   I("brightness_percent", "Brightness from 0 to 100."),
   S("color", "Color name, e.g. daylight.", opt=True))
fn("smart_home.schedule_scene", "Run a saved scene automatically on chosen weekdays at a set time.",
   S("scene_name", "Name of the saved scene."),
   A("days", "Weekdays on which the scene runs.", "string", item_enum=WEEKDAYS),
   TIME("time", "Time at which the scene runs."))

# ---------------------------------------------------------------- flights
fn("flights.search_flights", "Search flights between two airports.",
   S("origin", "IATA code of the departure airport."),
   S("destination", "IATA code of the arrival airport."),
   DATE("departure_date", "Day of the outbound flight."),
   DATE("return_date", "Day of the return flight; omit for one-way.", opt=True),
   I("passengers", "Number of passengers.", opt=True, default=1),
   S("cabin", "Cabin class.", enum=["economy", "premium_economy", "business", "first"], opt=True, default="economy"))
fn("flights.check_in", "Check in for a flight booking.",
   S("booking_reference", "Six-character booking reference."),
   S("last_name", "Family name of the passenger."),
   S("seat_preference", "Preferred seat position.", enum=["window", "aisle", "any"], opt=True, default="any"))
fn("flights.add_baggage", "Add checked bags to a flight booking.",
   S("booking_reference", "Six-character booking reference."),
   S("passenger_name", "Full name of the passenger."),
   I("bags", "Number of checked bags to add."),
   I("max_weight_kg", "Weight allowance per bag in kilograms.", opt=True, default=23))

# ---------------------------------------------------------------- fitness
FIT_METRICS = ["steps", "distance_km", "active_minutes", "workouts"]
fn("fitness.log_workout", "Record a completed workout.",
   S("activity", "Type of workout.", enum=["run", "ride", "swim", "walk", "strength", "yoga"]),
   DATE("date", "Day of the workout."),
   I("duration_minutes", "Duration in minutes."),
   F("distance_km", "Distance in kilometres.", opt=True),
   I("calories", "Calories burned.", opt=True))
fn("fitness.set_goal", "Set a recurring activity goal.",
   S("metric", "Measured quantity.", enum=FIT_METRICS),
   I("target", "Target value per period."),
   S("period", "Goal period.", enum=["daily", "weekly", "monthly"]))
fn("fitness.get_summary", "Summarise activity over a date range.",
   DATE("start_date", "First day of the range."),
   DATE("end_date", "Last day of the range."),
   S("metric", "Only summarise this quantity.", enum=FIT_METRICS, opt=True))

# ---------------------------------------------------------------- recruiting
fn("recruiting.post_job", "Publish a job opening.",
   S("title", "Job title."),
   S("department", "Hiring department."),
   S("location", "City or 'remote'."),
   S("employment_type", "Type of employment.", enum=["full_time", "part_time", "contract", "internship"]),
   D("salary_range", "Advertised yearly salary range.", [
       F("min_amount", "Lower end of the range."),
       F("max_amount", "Upper end of the range."),
       S("currency", "ISO 4217 currency code."),
   ], opt=True))
fn("recruiting.schedule_interview", "Schedule an interview with a candidate.",
   S("candidate_id", "Identifier of the candidate."),
   A("interviewer_emails", "E-mail addresses of the interviewers.", "string"),
   DATE("date", "Day of the interview."),
   TIME("start_time", "Start time of the interview."),
   I("duration_minutes", "Length of the interview in minutes.", opt=True, default=45),
   S("format", "How the interview is held.", enum=["onsite", "video", "phone"], opt=True, default="video"))
fn("recruiting.send_offer", "Send a job offer to a candidate.",
   S("candidate_id", "Identifier of the candidate."),
   S("position", "Job title offered."),
   F("annual_salary", "Offered gross salary per year."),
   DATE("start_date", "Proposed first working day."),
   DATE("offer_expiry_date", "Last day the offer can be accepted.", opt=True))

# ---------------------------------------------------------------- spreadsheet
fn("spreadsheet.sort_range", "Sort a block of cells by one column.",
   S("file_id", "Identifier of the spreadsheet file."),
   S("sheet_name", "Name of the sheet."),
   S("cell_range", "Range in A1 notation, e.g. A1:C20."),
   S("sort_column", "Column letter to sort by."),
   B("ascending", "Sort ascending (true) or descending (false).", opt=True, default=True))
fn("spreadsheet.format_cells", "Apply a number format to a block of cells.",
   S("file_id", "Identifier of the spreadsheet file."),
   S("sheet_name", "Name of the sheet."),
   S("cell_range", "Range in A1 notation, e.g. A1:C20."),
   S("number_format", "Number format to apply.", enum=["currency", "percent", "date", "plain"]),
   I("decimal_places", "Digits shown after the decimal point.", opt=True, default=2))
fn("spreadsheet.insert_rows", "Insert blank rows into a sheet.",
   S("file_id", "Identifier of the spreadsheet file."),
   S("sheet_name", "Name of the sheet."),
   I("before_row", "Row number before which the rows are inserted."),
   I("count", "Number of rows to insert."))

# ---------------------------------------------------------------- music
fn("music.create_playlist", "Create a new playlist.",
   S("name", "Name of the playlist."),
   S("description", "Short description.", opt=True),
   B("public", "Whether other users can find the playlist.", opt=True, default=False))
fn("music.add_tracks", "Add tracks to a playlist.",
   S("playlist_id", "Identifier of the playlist."),
   A("track_ids", "Identifiers of the tracks to add.", "string"),
   I("position", "Zero-based position at which the tracks are inserted; omit to append.", opt=True))
fn("music.remove_tracks", "Remove tracks from a playlist.",
   S("playlist_id", "Identifier of the playlist."),
   A("track_ids", "Identifiers of the tracks to remove.", "string"))

# ---------------------------------------------------------------- weather
fn("weather.get_forecast", "Get the weather forecast for a place and day.",
   S("location", "City or place name."),
   DATE("date", "Day of the forecast."),
   S("units", "Unit system of the result.", enum=["metric", "imperial"], opt=True, default="metric"),
   B("include_hourly", "Whether an hour-by-hour forecast is included.", opt=True, default=False))
fn("weather.get_air_quality", "Get the air-quality forecast for a city.",
   S("city", "City name."),
   DATE("date", "Day of the forecast; omit for current conditions.", opt=True),
   S("pollutant", "Only report this pollutant.", enum=["pm25", "pm10", "ozone", "no2"], opt=True))
fn("weather.get_alerts", "List active severe-weather warnings for a region.",
   S("region", "Region or county name."),
   S("severity", "Lowest severity to include.", enum=["advisory", "watch", "warning"], opt=True, default="advisory"))

# ---------------------------------------------------------------- maps
fn("maps.get_directions", "Get route directions between two places.",
   S("origin", "Start address or place."),
   S("destination", "End address or place."),
   S("mode", "Travel mode.", enum=["driving", "walking", "cycling", "transit"]),
   B("avoid_tolls", "Whether toll roads are avoided.", opt=True, default=False),
   TIME("departure_time", "Planned departure time.", opt=True))
fn("maps.find_nearby", "Find places of a category near a location.",
   S("location", "Address or landmark to search around."),
   S("category", "Kind of place, e.g. cafe."),
   F("radius_km", "Search radius in kilometres.", opt=True, default=2.0),
   B("open_now", "Only list places that are open at the moment.", opt=True, default=False))

# ---------------------------------------------------------------- restaurant
fn("restaurant.reserve_table", "Reserve a table at a restaurant.",
   S("restaurant_name", "Name of the restaurant."),
   DATE("date", "Day of the reservation."),
   TIME("time", "Arrival time."),
   I("party_size", "Number of diners."),
   S("seating", "Seating area.", enum=["indoor", "outdoor", "bar"], opt=True),
   S("special_requests", "Notes passed to the restaurant.", opt=True))
fn("restaurant.place_order", "Place a food delivery order.",
   S("restaurant_id", "Identifier of the restaurant."),
   A("items", "Dishes to order, one entry per dish.", "string"),
   S("delivery_address", "Delivery address."),
   I("tip_percent", "Tip for the courier as a percentage of the order total.", opt=True, default=15),
   B("contactless", "Whether the courier leaves the order at the door.", opt=True, default=False))

# ---------------------------------------------------------------- recipes
fn("recipes.search_recipes", "Search recipes by ingredients on hand.",
   A("ingredients", "Ingredients the recipe should use.", "string"),
   I("max_prep_minutes", "Longest acceptable preparation time in minutes.", opt=True),
   S("diet", "Dietary restriction.", enum=["none", "vegetarian", "vegan", "gluten_free", "keto"], opt=True, default="none"),
   S("cuisine", "Preferred cuisine, e.g. Thai.", opt=True))
fn("recipes.scale_recipe", "Rescale a saved recipe to a number of servings.",
   S("recipe_id", "Identifier of the recipe."),
   I("servings", "Number of servings wanted."),
   S("unit_system", "Units used for the quantities.", enum=["metric", "us"], opt=True, default="metric"))

# ---------------------------------------------------------------- pharmacy
fn("pharmacy.refill_prescription", "Request a refill of a prescription.",
   S("prescription_number", "Prescription number printed on the label."),
   S("pharmacy_location", "Branch where the refill is prepared."),
   DATE("pickup_date", "Day the customer picks up the refill.", opt=True),
   B("home_delivery", "Whether the refill is delivered instead of picked up.", opt=True, default=False))
fn("pharmacy.check_interactions", "Check a list of medications for known interactions.",
   A("medications", "Generic names of the medications.", "string"),
   S("severity_threshold", "Lowest severity reported.", enum=["minor", "moderate", "major"], opt=True, default="minor"))

# ---------------------------------------------------------------- clinic
fn("clinic.book_appointment", "Book a doctor's appointment for a patient.",
   S("patient_id", "Identifier of the patient."),
   S("doctor_name", "Name of the doctor."),
   DATE("date", "Day of the appointment."),
   TIME("time", "Start time of the appointment."),
   S("visit_type", "Kind of visit.", enum=["in_person", "video"], opt=True, default="in_person"),
   S("reason", "Reason for the visit.", opt=True))
fn("clinic.cancel_appointment", "Cancel a doctor's appointment.",
   S("appointment_id", "Identifier of the appointment."),
   S("reason", "Reason for the cancellation.", opt=True))

# ---------------------------------------------------------------- vet
fn("vet.book_visit", "Book a visit at the veterinary practice.",
   S("pet_name", "Name of the pet."),
   S("species", "Species of the pet.", enum=["dog", "cat", "rabbit", "bird", "other"]),
   S("service", "Service needed.", enum=["checkup", "vaccination", "dental", "grooming"]),
   DATE("date", "Day of the visit."),
   TIME("time", "Start time of the visit."),
   S("notes", "Notes for the vet.", opt=True))
fn("vet.log_weight", "Record a pet's weight in its health record.",
   S("pet_id", "Identifier of the pet."),
   F("weight_kg", "Weight in kilograms."),
   DATE("date", "Day the pet was weighed."))

# ---------------------------------------------------------------- insurance
fn("insurance.file_claim", "File an insurance claim.",
   S("policy_number", "Policy number."),
   DATE("incident_date", "Day the incident happened."),
   S("claim_type", "Line of insurance.", enum=["auto", "home", "health", "travel"]),
   F("estimated_amount", "Estimated loss."),
   S("description", "What happened."))
fn("insurance.get_quote", "Get a price quote for a new insurance policy.",
   S("product", "Insurance product.", enum=["auto", "home", "renters", "travel", "life"]),
   F("coverage_amount", "Amount of coverage."),
   S("postal_code", "Postal code of the insured address."),
   F("deductible", "Deductible per claim.", opt=True))

# ---------------------------------------------------------------- real_estate
fn("real_estate.search_listings", "Search homes for sale.",
   S("city", "City to search in."),
   F("min_price", "Lowest asking price."),
   F("max_price", "Highest asking price."),
   I("min_bedrooms", "Minimum number of bedrooms.", opt=True),
   S("property_type", "Kind of property.", enum=["apartment", "house", "condo", "townhouse"], opt=True))
fn("real_estate.schedule_viewing", "Schedule a viewing of a listed property.",
   S("listing_id", "Identifier of the listing."),
   DATE("date", "Day of the viewing."),
   TIME("time", "Start time of the viewing."),
   S("contact_phone", "Phone number of the visitor."),
   I("attendees", "Number of people attending.", opt=True, default=1))
fn("real_estate.calculate_mortgage", "Calculate the monthly payment of a fixed-rate mortgage.",
   F("home_price", "Purchase price of the home."),
   F("down_payment", "Down payment amount."),
   F("interest_rate_percent", "Yearly interest rate in percent."),
   I("term_years", "Loan term in years."))

# ---------------------------------------------------------------- rideshare
RIDE_TYPES = ["standard", "xl", "premium", "shared"]
fn("rideshare.request_ride", "Request a ride.",
   S("pickup_address", "Pick-up address."),
   S("dropoff_address", "Drop-off address."),
   S("ride_type", "Vehicle class.", enum=RIDE_TYPES, opt=True, default="standard"),
   TIME("pickup_time", "Scheduled pick-up time; omit for now.", opt=True))
fn("rideshare.estimate_fare", "Estimate the fare of a ride without booking it.",
   S("pickup_address", "Pick-up address."),
   S("dropoff_address", "Drop-off address."),
   S("ride_type", "Vehicle class.", enum=RIDE_TYPES, opt=True, default="standard"))

# ---------------------------------------------------------------- car_rental
fn("car_rental.reserve_car", "Reserve a rental car.",
   S("pickup_location", "Rental branch or airport."),
   DATE("pickup_date", "Day the car is picked up."),
   TIME("pickup_time", "Time the car is picked up."),
   DATE("return_date", "Day the car is returned."),
   TIME("return_time", "Time the car is returned."),
   S("car_class", "Vehicle class.", enum=["economy", "compact", "midsize", "suv", "van"]),
   I("driver_age", "Age of the main driver.", opt=True))

# ---------------------------------------------------------------- rail
fn("rail.search_trains", "Search train connections.",
   S("origin_station", "Departure station."),
   S("destination_station", "Arrival station."),
   DATE("date", "Day of travel."),
   TIME("earliest_departure_time", "Earliest acceptable departure.", opt=True),
   I("max_changes", "Most changes of train allowed.", opt=True))
fn("rail.buy_ticket", "Buy tickets for a specific train.",
   S("train_id", "Identifier of the train."),
   I("passengers", "Number of passengers."),
   S("fare_class", "Class of travel.", enum=["standard", "first"]),
   B("seat_reservation", "Whether seats are reserved.", opt=True, default=False))

# ---------------------------------------------------------------- parking
fn("parking.reserve_spot", "Reserve a parking spot in a garage.",
   S("facility_id", "Identifier of the garage."),
   S("license_plate", "Licence plate of the car."),
   DATE("date", "Day of parking."),
   TIME("start_time", "Start of the reservation."),
   TIME("end_time", "End of the reservation."),
   B("ev_charging", "Whether a spot with an EV charger is needed.", opt=True, default=False))
fn("parking.pay_citation", "Pay a parking citation.",
   S("citation_number", "Number printed on the citation."),
   F("amount", "Amount to pay."),
   S("card_last_four", "Last four digits of the saved card to charge.", opt=True))

# ---------------------------------------------------------------- shipping
fn("shipping.create_shipment", "Create a parcel shipment and buy the label.",
   D("recipient", "Recipient of the parcel.", [
       S("name", "Full name."),
       S("street", "Street and house number."),
       S("city", "City."),
       S("postal_code", "Postal code."),
       S("country", "Country."),
   ]),
   F("weight_kg", "Parcel weight in kilograms."),
   S("service", "Delivery speed.", enum=["ground", "express", "overnight"]),
   F("insured_value", "Declared value for insurance.", opt=True),
   B("signature_required", "Whether the recipient must sign on delivery.", opt=True, default=False))
fn("shipping.track_package", "Get the tracking status of a parcel.",
   S("tracking_number", "Tracking number."),
   S("carrier", "Carrier of the parcel.", enum=["ups", "fedex", "dhl", "usps"]))

# ---------------------------------------------------------------- invoicing
fn("invoicing.create_invoice", "Create an invoice for a client.",
   S("client_id", "Identifier of the client."),
   F("amount", "Invoice total."),
   S("currency", "ISO 4217 code of the amount.", enum=["USD", "EUR", "GBP", "AUD"]),
   DATE("due_date", "Payment due day."),
   S("description", "Line shown on the invoice.", opt=True),
   B("send_now", "Whether the invoice is e-mailed to the client right away.", opt=True, default=False))
fn("invoicing.record_payment", "Record a payment received against an invoice.",
   S("invoice_id", "Identifier of the invoice."),
   F("amount", "Amount received."),
   DATE("payment_date", "Day the payment arrived."),
   S("method", "Payment method.", enum=["bank_transfer", "card", "cash", "check"]))
fn("invoicing.send_reminder", "Send a payment reminder for an unpaid invoice.",
   S("invoice_id", "Identifier of the invoice."),
   S("message", "Text added to the reminder.", opt=True),
   B("attach_pdf", "Whether the invoice PDF is attached.", opt=True, default=True))

# ---------------------------------------------------------------- expenses
fn("expenses.submit_expense", "Submit a single business expense.",
   F("amount", "Amount spent."),
   S("currency", "ISO 4217 code of the amount.", enum=["USD", "EUR", "GBP", "JPY", "SGD"]),
   S("category", "Expense category.", enum=["travel", "meals", "lodging", "supplies", "software"]),
   DATE("date", "Day of the expense."),
   S("merchant", "Name of the merchant."),
   S("project_code", "Project the expense is charged to.", opt=True))
fn("expenses.create_report", "Group submitted expenses into an expense report.",
   S("title", "Title of the report."),
   A("expense_ids", "Identifiers of the expenses to include.", "string"),
   B("submit", "Whether the report is submitted for approval right away.", opt=True, default=False))

# ---------------------------------------------------------------- accounting
fn("accounting.create_journal_entry", "Post a two-line journal entry to the general ledger.",
   DATE("entry_date", "Posting day."),
   S("debit_account", "Ledger account number that is debited."),
   S("credit_account", "Ledger account number that is credited."),
   F("amount", "Amount of the entry."),
   S("memo", "Memo text.", opt=True))
fn("accounting.close_period", "Close an accounting period for one legal entity.",
   S("period", "Accounting period as YYYY-MM."),
   S("entity_id", "Identifier of the legal entity."),
   B("lock", "Whether the period is locked against further postings.", opt=True, default=True))

# ---------------------------------------------------------------- tax
fn("tax.estimate_tax", "Estimate personal income tax for a year.",
   I("tax_year", "Tax year."),
   F("annual_income", "Gross income for the year."),
   S("filing_status", "Filing status.", enum=["single", "married_joint", "married_separate", "head_of_household"]),
   S("state", "State of residence.", opt=True),
   F("deductions", "Total itemised deductions.", opt=True, default=0.0))

# ---------------------------------------------------------------- stocks
fn("stocks.place_order", "Place a stock order.",
   S("symbol", "Ticker symbol."),
   S("side", "Buy or sell.", enum=["buy", "sell"]),
   I("quantity", "Number of shares."),
   S("order_type", "Order type.", enum=["market", "limit", "stop"]),
   F("limit_price", "Limit price per share; only for limit orders.", opt=True),
   S("time_in_force", "How long the order stays open.", enum=["day", "gtc"], opt=True, default="day"))
fn("stocks.set_price_alert", "Get notified when a stock crosses a price.",
   S("symbol", "Ticker symbol."),
   F("target_price", "Price that triggers the alert."),
   S("direction", "Trigger when the price moves above or below the target.", enum=["above", "below"]),
   S("notify_by", "Notification channel.", enum=["push", "email", "sms"], opt=True, default="push"))
fn("stocks.get_quote", "Get the latest price of a stock.",
   S("symbol", "Ticker symbol."),
   S("exchange", "Exchange code, e.g. NYSE.", opt=True))

# ---------------------------------------------------------------- payments
fn("payments.send_money", "Send money to a person.",
   S("recipient", "E-mail address or phone number of the recipient."),
   F("amount", "Amount to send."),
   S("currency", "ISO 4217 code of the amount.", enum=CURRENCIES_P2P),
   S("note", "Note shown to the recipient.", opt=True))
fn("payments.request_money", "Request money from a person.",
   S("from_contact", "E-mail address or phone number of the payer."),
   F("amount", "Amount requested."),
   S("currency", "ISO 4217 code of the amount.", enum=CURRENCIES_P2P, opt=True, default="USD"),
   S("note", "Note shown to the payer.", opt=True),
   DATE("due_date", "Day by which the payment is expected.", opt=True))

# ---------------------------------------------------------------- timesheet
fn("timesheet.log_hours", "Log hours worked on a project.",
   S("employee_id", "Identifier of the employee."),
   S("project_code", "Project code."),
   DATE("date", "Day the work was done."),
   F("hours", "Hours worked."),
   B("billable", "Whether the hours are billed to the client.", opt=True, default=True),
   S("description", "What was done.", opt=True))
fn("timesheet.submit_timesheet", "Submit a weekly timesheet for approval.",
   S("employee_id", "Identifier of the employee."),
   DATE("week_start_date", "First day of the week."),
   S("comment", "Comment for the approver.", opt=True))

# ---------------------------------------------------------------- project
fn("project.create_task", "Create a task in a project.",
   S("project_id", "Identifier of the project."),
   S("title", "Task title."),
   S("assignee_email", "E-mail address of the assignee.", opt=True),
   DATE("due_date", "Due day.", opt=True),
   S("priority", "Task priority.", enum=["low", "medium", "high"], opt=True, default="medium"),
   A("labels", "Labels attached to the task.", "string", opt=True))
fn("project.move_task", "Move a task to another status column.",
   S("task_id", "Identifier of the task."),
   S("status", "New status.", enum=["todo", "in_progress", "in_review", "done"]),
   S("comment", "Comment added to the task.", opt=True))

# ---------------------------------------------------------------- ci
fn("ci.trigger_pipeline", "Start a CI/CD pipeline run.",
   S("repository", "Repository as owner/name."),
   S("branch", "Branch to build."),
   S("pipeline", "Name of the pipeline."),
   D("options", "Deployment options of the run.", [
       S("target_env", "Environment deployed to.", enum=["staging", "production"]),
       B("dry_run", "Whether the deployment is only simulated.", opt=True),
       I("replicas", "Number of replicas to run.", opt=True),
   ], opt=True))
fn("ci.cancel_build", "Cancel a running build.",
   S("build_id", "Identifier of the build."),
   S("reason", "Why the build is cancelled.", opt=True))

# ---------------------------------------------------------------- dns
fn("dns.create_record", "Add a DNS record to a zone.",
   S("zone", "Domain name of the zone."),
   S("record_type", "Record type.", enum=["A", "AAAA", "CNAME", "MX", "TXT"]),
   S("name", "Record name; @ for the zone apex."),
   S("value", "Record value."),
   I("ttl", "Time to live in seconds.", opt=True, default=3600),
   I("priority", "Priority; only for MX records.", opt=True))
fn("dns.delete_record", "Delete a DNS record from a zone.",
   S("zone", "Domain name of the zone."),
   S("record_id", "Identifier of the record."))

# ---------------------------------------------------------------- database
fn("database.create_backup", "Back up a managed database to a storage bucket.",
   S("database_name", "Name of the database."),
   S("destination_bucket", "Bucket URL that receives the backup."),
   B("compress", "Whether the backup is compressed.", opt=True, default=True),
   I("retention_days", "Days the backup is kept.", opt=True))
fn("database.restore_backup", "Restore a backup into a database.",
   S("backup_id", "Identifier of the backup."),
   S("target_database", "Name of the database restored into."),
   B("overwrite", "Whether existing data in the target is overwritten.", opt=True, default=False))

# ---------------------------------------------------------------- storage
fn("storage.share_file", "Share a stored file with people.",
   S("file_path", "Path of the file."),
   A("emails", "E-mail addresses to share with.", "string"),
   S("permission", "Access level granted.", enum=["view", "comment", "edit"]),
   DATE("expiry_date", "Last day of access.", opt=True),
   B("notify", "Whether the people get an e-mail about the share.", opt=True, default=True))
fn("storage.create_folder", "Create a folder.",
   S("parent_path", "Path of the folder that will contain the new folder."),
   S("folder_name", "Name of the new folder."))

# ---------------------------------------------------------------- photos
fn("photos.resize_image", "Resize an image and save it in a format.",
   S("image_id", "Identifier of the image."),
   I("width", "New width in pixels."),
   I("height", "New height in pixels."),
   S("format", "Output format.", enum=["jpeg", "png", "webp"], opt=True, default="jpeg"),
   B("keep_metadata", "Whether EXIF metadata is kept.", opt=True, default=True))
fn("photos.create_album", "Create a photo album.",
   S("title", "Album title."),
   A("photo_ids", "Identifiers of the photos to include.", "string"),
   B("shared", "Whether the album gets a share link.", opt=True, default=False))

# ---------------------------------------------------------------- video
fn("video.schedule_stream", "Schedule a live stream.",
   S("title", "Title of the stream."),
   DATE("date", "Day of the stream."),
   TIME("start_time", "Start time of the stream."),
   S("visibility", "Who can watch.", enum=["public", "unlisted", "private"]),
   I("duration_minutes", "Planned length in minutes.", opt=True),
   B("chat_enabled", "Whether live chat is on.", opt=True, default=True))
fn("video.add_captions", "Attach a caption file to an uploaded video.",
   S("video_id", "Identifier of the video."),
   S("language", "Language of the captions."),
   S("caption_file_url", "URL of the caption file."),
   B("set_default", "Whether this caption track is shown by default.", opt=True, default=False))

# ---------------------------------------------------------------- podcast
fn("podcast.publish_episode", "Publish a podcast episode.",
   S("show_id", "Identifier of the show."),
   S("title", "Episode title."),
   S("audio_url", "URL of the audio file."),
   I("episode_number", "Episode number."),
   DATE("publish_date", "Day the episode goes live."),
   B("explicit", "Whether the episode is marked explicit.", opt=True, default=False))
fn("podcast.get_stats", "Get download statistics of a show.",
   S("show_id", "Identifier of the show."),
   DATE("start_date", "First day of the range."),
   DATE("end_date", "Last day of the range."))

# ---------------------------------------------------------------- library
fn("library.place_hold", "Place a hold on a library item.",
   S("card_number", "Library card number."),
   S("isbn", "ISBN of the book."),
   S("pickup_branch", "Branch where the item is picked up."),
   S("notify_by", "How the patron is told the item is ready.", enum=["email", "sms"], opt=True, default="email"))
fn("library.renew_loan", "Renew a borrowed library item.",
   S("card_number", "Library card number."),
   S("item_barcode", "Barcode of the item."))

# ---------------------------------------------------------------- lms
fn("lms.create_assignment", "Create an assignment in a course.",
   S("course_id", "Identifier of the course."),
   S("title", "Assignment title."),
   DATE("due_date", "Due day."),
   TIME("due_time", "Due time."),
   I("max_points", "Maximum score."),
   B("allow_late", "Whether late submissions are accepted.", opt=True, default=False))
fn("lms.enroll_student", "Enrol a person in a course.",
   S("course_id", "Identifier of the course."),
   S("student_email", "E-mail address of the person."),
   S("role", "Role in the course.", enum=["student", "auditor", "ta"], opt=True, default="student"))

# ---------------------------------------------------------------- translation
fn("translation.translate_text", "Translate a piece of text.",
   S("text", "Text to translate."),
   S("target_language", "Language to translate into."),
   S("source_language", "Language of the text; omit to detect it.", opt=True),
   S("formality", "Register of the translation.", enum=["formal", "informal"], opt=True))

# ---------------------------------------------------------------- survey
fn("survey.create_survey", "Create a survey.",
   S("title", "Survey title."),
   A("questions", "Question texts in order.", "string"),
   B("anonymous", "Whether answers are collected anonymously.", opt=True, default=False),
   DATE("close_date", "Last day answers are accepted.", opt=True))
fn("survey.export_responses", "Export the responses of a survey.",
   S("survey_id", "Identifier of the survey."),
   S("file_format", "Export format.", enum=["csv", "xlsx", "json"]))

# ---------------------------------------------------------------- newsletter
fn("newsletter.schedule_campaign", "Schedule an e-mail campaign to a mailing list.",
   S("list_id", "Identifier of the mailing list."),
   S("subject", "Subject line."),
   DATE("send_date", "Day of sending."),
   TIME("send_time", "Time of sending."),
   S("segment", "Only send to this segment of the list.", opt=True),
   B("track_clicks", "Whether link clicks are tracked.", opt=True, default=True))
fn("newsletter.add_subscriber", "Add a subscriber to a mailing list.",
   S("list_id", "Identifier of the mailing list."),
   S("email", "E-mail address of the subscriber."),
   S("first_name", "First name of the subscriber.", opt=True),
   B("double_opt_in", "Whether a confirmation e-mail must be clicked first.", opt=True, default=True))

# ---------------------------------------------------------------- social
fn("social.schedule_post", "Schedule a social media post.",
   S("platform", "Network to post on.", enum=["linkedin", "instagram", "x", "facebook", "mastodon"]),
   S("text", "Text of the post."),
   DATE("publish_date", "Day of publishing."),
   TIME("publish_time", "Time of publishing."),
   A("hashtags", "Hashtags appended to the post.", "string", opt=True))
fn("social.reply_to_comment", "Reply to a comment on one of the account's posts.",
   S("post_id", "Identifier of the post."),
   S("comment_id", "Identifier of the comment."),
   S("text", "Text of the reply."))

# ---------------------------------------------------------------- chat
fn("chat.post_message", "Post a message in a team chat channel.",
   S("channel", "Channel name."),
   S("text", "Message text."),
   S("thread_id", "Identifier of the thread to reply in.", opt=True))
fn("chat.create_channel", "Create a team chat channel.",
   S("name", "Channel name."),
   B("private", "Whether the channel is invitation-only."),
   A("members", "Usernames added to the channel.", "string"),
   S("topic", "Channel topic.", opt=True))

# ---------------------------------------------------------------- passwords
fn("passwords.generate_password", "Generate a random password.",
   I("length", "Number of characters."),
   B("include_symbols", "Whether symbols are used.", opt=True, default=True),
   S("exclude_characters", "Characters that must not appear.", opt=True))
fn("passwords.share_credential", "Share a vault item with someone for a limited time.",
   S("item_id", "Identifier of the vault item."),
   S("recipient_email", "E-mail address of the recipient."),
   I("expires_in_hours", "Hours until the share expires."))

# ---------------------------------------------------------------- printing
fn("printing.print_document", "Send a document to a printer.",
   S("file_name", "Name of the document."),
   S("printer_id", "Identifier of the printer."),
   I("copies", "Number of copies."),
   B("duplex", "Whether both sides of the paper are used.", opt=True, default=False),
   S("page_range", "Pages to print, e.g. 1-4.", opt=True),
   B("color", "Whether to print in colour.", opt=True, default=False))
fn("printing.cancel_job", "Cancel a queued print job.",
   S("job_id", "Identifier of the print job."))

# ---------------------------------------------------------------- energy
fn("energy.get_usage", "Get the electricity usage of a meter.",
   S("meter_id", "Identifier of the meter."),
   DATE("start_date", "First day of the range."),
   DATE("end_date", "Last day of the range."),
   S("granularity", "Time resolution of the result.", enum=["hourly", "daily", "monthly"], opt=True, default="daily"))
fn("energy.set_usage_alert", "Get notified when electricity usage exceeds a threshold.",
   S("meter_id", "Identifier of the meter."),
   F("threshold_kwh", "Usage in kWh that triggers the alert."),
   S("period", "Period the usage is summed over.", enum=["daily", "weekly", "monthly"]))

# ---------------------------------------------------------------- telecom
fn("telecom.add_roaming_pass", "Add a roaming pass to a mobile number.",
   S("phone_number", "Mobile number in international format."),
   S("country", "Destination country."),
   I("days", "Validity in days."),
   I("data_gb", "Data allowance in GB.", opt=True))
fn("telecom.change_plan", "Move a mobile account to another plan.",
   S("account_number", "Account number."),
   S("plan_code", "Code of the new plan."),
   DATE("effective_date", "First day of the new plan."))

# ---------------------------------------------------------------- events
fn("events.buy_tickets", "Buy tickets for an event.",
   S("event_id", "Identifier of the event."),
   I("quantity", "Number of tickets."),
   S("section", "Preferred seating section.", opt=True),
   F("max_price_each", "Highest acceptable price per ticket.", opt=True))

# ---------------------------------------------------------------- contracts
fn("contracts.send_for_signature", "Send a document out for electronic signature.",
   S("document_id", "Identifier of the document."),
   A("signer_emails", "E-mail addresses of the signers, in signing order.", "string"),
   DATE("deadline_date", "Last day to sign."),
   I("reminder_interval_days", "Days between reminder e-mails.", opt=True, default=3))
fn("contracts.renew_contract", "Renew a contract until a new end date.",
   S("contract_id", "Identifier of the contract."),
   DATE("new_end_date", "New last day of the contract."),
   F("price_increase_percent", "Price increase in percent.", opt=True))

# ---------------------------------------------------------------- fleet
fn("fleet.schedule_maintenance", "Book maintenance for a fleet vehicle.",
   S("vehicle_id", "Identifier of the vehicle."),
   S("service_type", "Kind of service.", enum=["oil_change", "tire_rotation", "inspection", "brake_service"]),
   DATE("date", "Day of the service."),
   I("odometer_km", "Current odometer reading in kilometres.", opt=True))
fn("fleet.assign_driver", "Assign a driver to a vehicle for a period.",
   S("vehicle_id", "Identifier of the vehicle."),
   S("driver_id", "Identifier of the driver."),
   DATE("start_date", "First day of the assignment."),
   DATE("end_date", "Last day of the assignment."))

# ---------------------------------------------------------------- fx
fn("fx.convert_currency", "Convert an amount between currencies.",
   F("amount", "Amount to convert."),
   S("from_currency", "ISO 4217 code of the source currency."),
   S("to_currency", "ISO 4217 code of the target currency."),
   DATE("rate_date", "Day whose exchange rate is used; omit for the latest rate.", opt=True))

# ---------------------------------------------------------------- grocery
fn("grocery.schedule_delivery", "Choose the delivery window of a grocery order.",
   S("order_id", "Identifier of the order."),
   DATE("date", "Delivery day."),
   TIME("window_start_time", "Start of the delivery window."),
   TIME("window_end_time", "End of the delivery window."),
   B("leave_at_door", "Whether the order may be left at the door.", opt=True, default=False))
fn("grocery.add_to_cart", "Add products to the grocery cart of a store.",
   S("store_id", "Identifier of the store."),
   A("items", "Products to add, one entry per product.", "string"),
   B("substitutions_allowed", "Whether the shopper may substitute unavailable products.", opt=True, default=True))

# ---------------------------------------------------------------- hr
fn("hr.request_time_off", "Request leave from work.",
   S("employee_id", "Identifier of the employee."),
   S("leave_type", "Kind of leave.", enum=["vacation", "sick", "parental", "unpaid"]),
   DATE("start_date", "First day of leave."),
   DATE("end_date", "Last day of leave."),
   B("half_day", "Whether only half of a single day is taken.", opt=True, default=False),
   S("comment", "Comment for the manager.", opt=True))
fn("hr.update_address", "Update an employee's home address.",
   S("employee_id", "Identifier of the employee."),
   D("address", "New home address.", [
       S("street", "Street and house number."),
       S("unit", "Apartment or unit.", opt=True),
       S("city", "City."),
       S("postal_code", "Postal code."),
       S("country", "Country."),
   ]),
   DATE("effective_date", "Day from which the address applies.", opt=True))

# ---------------------------------------------------------------- access
fn("access.grant_badge", "Grant badge access to floors of a building.",
   S("employee_id", "Identifier of the employee."),
   S("building", "Name of the building."),
   A("floors", "Floor numbers the badge opens.", "integer"),
   DATE("valid_until_date", "Last day the access is valid."))
fn("access.revoke_badge", "Revoke all badge access of an employee.",
   S("employee_id", "Identifier of the employee."),
   S("reason", "Reason for the revocation.", opt=True))

# ---------------------------------------------------------------- news
fn("news.search_articles", "Search news articles.",
   S("query", "Search terms."),
   DATE("from_date", "Earliest publication day."),
   DATE("to_date", "Latest publication day."),
   S("language", "Language of the articles.", enum=["en", "de", "fr", "es"], opt=True),
   A("sources", "Only search these publications.", "string", opt=True))

# ---------------------------------------------------------------- notes
fn("notes.create_note", "Create a note.",
   S("title", "Note title."),
   S("content", "Body of the note."),
   S("folder", "Folder to file the note in.", opt=True),
   A("tags", "Tags attached to the note.", "string", opt=True),
   B("pinned", "Whether the note is pinned to the top.", opt=True, default=False))

# ---------------------------------------------------------------- conferencing
fn("conferencing.create_meeting", "Create a video meeting.",
   S("topic", "Meeting topic."),
   DATE("date", "Day of the meeting."),
   TIME("start_time", "Start time."),
   I("duration_minutes", "Length in minutes."),
   B("waiting_room", "Whether participants wait to be admitted.", opt=True, default=True),
   A("co_host_emails", "E-mail addresses of co-hosts.", "string", opt=True))

# ---------------------------------------------------------------- analytics
fn("analytics.run_report", "Run a web analytics report.",
   S("property_id", "Identifier of the analytics property."),
   A("metrics", "Metric names to report.", "string"),
   DATE("start_date", "First day of the range."),
   DATE("end_date", "Last day of the range."),
   S("dimension", "Dimension to break the metrics down by.", opt=True))

# ---------------------------------------------------------------- monitoring
fn("monitoring.create_alert", "Create an alert rule on a service metric.",
   S("service", "Name of the service."),
   S("metric", "Name of the metric."),
   F("threshold", "Threshold value."),
   S("comparison", "Fire when the metric is above or below the threshold.", enum=["above", "below"]),
   I("window_minutes", "Minutes the condition must hold before firing."),
   S("notify_channel", "Channel that receives the alert."))
fn("monitoring.mute_alert", "Mute an alert rule until a given moment.",
   S("alert_id", "Identifier of the alert rule."),
   DATE("until_date", "Day the mute ends."),
   TIME("until_time", "Time the mute ends."))
