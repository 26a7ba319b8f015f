"""Hand-written function library for the blind5 test set.

Every function is registered once, so a name used in several items always
has the same schema.  Each function carries a domain tag that is used only
for the meta file (it is not written into the data files).
"""

NO_DEFAULT = object()

D = " Format: YYYY-MM-DD."
T = " Format: HH:MM (24-hour)."
DT = " Format: YYYY-MM-DDTHH:MM (24-hour, local time)."
DTS = " Format: YYYY-MM-DD HH:MM (24-hour, local time)."


class P:
    """One parameter.  opt=True makes it optional."""

    def __init__(self, name, type_, desc, opt=False, enum=None,
                 default=NO_DEFAULT, items=None, props=None):
        self.name = name
        self.type = type_
        self.desc = desc
        self.opt = opt
        self.enum = enum
        self.default = default
        self.items = items
        self.props = props
        if default is not NO_DEFAULT:
            assert opt, name


def render_default(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def prop_schema(p):
    d = {"type": p.type}
    desc = p.desc
    if p.default is not NO_DEFAULT:
        desc = desc + " Default: " + render_default(p.default) + "."
    d["description"] = desc
    if p.enum is not None:
        d["enum"] = list(p.enum)
    if p.items is not None:
        d["items"] = dict(p.items)
    if p.props is not None:
        d["properties"] = {q.name: prop_schema(q) for q in p.props}
        d["required"] = [q.name for q in p.props if not q.opt]
    if p.default is not NO_DEFAULT:
        d["default"] = p.default
    return d


FUNCS = {}


def fn(name, domain, desc, *params):
    assert name not in FUNCS, name
    FUNCS[name] = {"name": name, "domain": domain, "desc": desc,
                   "params": list(params)}


def schema(name):
    f = FUNCS[name]
    return {
        "name": name,
        "description": f["desc"],
        "parameters": {
            "type": "dict",
            "properties": {p.name: prop_schema(p) for p in f["params"]},
            "required": [p.name for p in f["params"] if not p.opt],
        },
    }


STR = {"type": "string"}

# ---------------------------------------------------------------- travel
fn("flights.search_one_way", "travel",
   "Search one-way flights between two airports on a given date.",
   P("origin", "string", "IATA code of the departure airport."),
   P("destination", "string", "IATA code of the arrival airport."),
   P("departure_date", "string", "Departure date." + D),
   P("passengers", "integer", "Number of passengers.", opt=True, default=1),
   P("cabin_class", "string", "Cabin class.", opt=True,
     enum=["economy", "premium_economy", "business", "first"], default="economy"))

fn("visa.check_requirements", "travel",
   "Check whether a visa is needed for a trip, given the passport country, destination, length and purpose of stay.",
   P("passport_country", "string", "Country that issued the traveller's passport."),
   P("destination_country", "string", "Country being visited."),
   P("stay_days", "integer", "Planned length of stay in days."),
   P("purpose", "string", "Purpose of the trip.", enum=["tourism", "business", "study", "transit"]))

fn("car_rental.search", "travel",
   "Search available rental cars at a pickup location for a date range.",
   P("pickup_location", "string", "Name of the pickup location, such as an airport or city."),
   P("pickup_date", "string", "Pickup date." + D),
   P("return_date", "string", "Return date." + D),
   P("car_class", "string", "Preferred car class.", opt=True,
     enum=["economy", "compact", "suv", "van", "luxury"]),
   P("driver_age", "integer", "Age of the main driver in years.", opt=True, default=30))

fn("train.search", "travel",
   "Search rail connections between two stations on a given date.",
   P("origin_station", "string", "Name of the departure station."),
   P("destination_station", "string", "Name of the arrival station."),
   P("travel_date", "string", "Date of travel." + D),
   P("depart_after", "string", "Earliest acceptable departure time." + T, opt=True),
   P("travel_class", "string", "Seat class.", opt=True, enum=["standard", "first"], default="standard"))

# ---------------------------------------------------------------- finance
fn("loan.monthly_payment", "finance",
   "Calculate the fixed monthly payment of an amortising loan.",
   P("principal", "float", "Loan amount."),
   P("annual_rate_percent", "float", "Nominal annual interest rate as a percentage, e.g. 4.5 for 4.5%."),
   P("term_months", "integer", "Loan term in months."))

fn("stocks.get_quote", "finance",
   "Get the latest price quote for a stock ticker.",
   P("ticker", "string", "Stock ticker symbol."),
   P("exchange", "string", "Name of the exchange to quote from; if omitted the primary listing is used.", opt=True))

fn("currency.convert", "finance",
   "Convert an amount of money from one currency to another at the current rate.",
   P("amount", "float", "Amount to convert."),
   P("from_currency", "string", "ISO 4217 code of the source currency, e.g. 'USD'."),
   P("to_currency", "string", "ISO 4217 code of the target currency."))

_TRADE = [
    P("ticker", "string", "Stock ticker symbol."),
    P("shares", "integer", "Number of shares."),
    P("order_type", "string", "Order type.", enum=["market", "limit"]),
    P("limit_price", "float", "Limit price per share; only used for limit orders.", opt=True),
]
fn("portfolio.buy", "finance", "Place an order to buy shares of a stock.", *_TRADE)
fn("portfolio.sell", "finance", "Place an order to sell shares of a stock.", *_TRADE)
fn("portfolio.get_holdings", "finance", "List the current holdings of a brokerage account.",
   P("account_id", "string", "Brokerage account ID."))

# ---------------------------------------------------------------- health
fn("bmi.calculate", "health",
   "Calculate body mass index from weight and height.",
   P("weight_kg", "float", "Body weight in kilograms."),
   P("height_cm", "float", "Height in centimetres."))

fn("meds.check_interaction", "health",
   "Check a list of medications for known drug-drug interactions.",
   P("drugs", "array", "Names of the medications to check against each other.", items=STR))

fn("sleep.log", "health",
   "Record one night of sleep in the sleep diary.",
   P("sleep_date", "string", "Date on which the night of sleep started." + D),
   P("bedtime", "string", "Time the person went to bed." + T),
   P("wake_time", "string", "Time the person woke up." + T),
   P("quality", "integer", "Subjective sleep quality from 1 (poor) to 5 (excellent)."))

fn("clinic.book_appointment", "health",
   "Book a new appointment for a patient with a doctor.",
   P("patient_id", "string", "Patient ID."),
   P("doctor_id", "string", "Doctor ID."),
   P("appointment_datetime", "string", "Start of the appointment." + DTS),
   P("reason", "string", "Short reason for the visit.", opt=True))

fn("clinic.reschedule_appointment", "health",
   "Move an existing appointment to a new date and time.",
   P("appointment_id", "string", "ID of the existing appointment."),
   P("new_datetime", "string", "New start of the appointment." + DTS))

fn("clinic.cancel_appointment", "health",
   "Cancel an existing appointment.",
   P("appointment_id", "string", "ID of the existing appointment."))

# ---------------------------------------------------------------- devops
fn("k8s.scale_deployment", "devops",
   "Set the number of replicas of a Kubernetes deployment.",
   P("namespace", "string", "Kubernetes namespace."),
   P("deployment", "string", "Name of the deployment."),
   P("replicas", "integer", "Desired number of replicas."))

fn("ci.trigger_pipeline", "devops",
   "Trigger a CI/CD pipeline run for a repository branch.",
   P("repository", "string", "Repository name."),
   P("branch", "string", "Branch to build."),
   P("options", "dict", "Run options.", props=[
       P("environment", "string", "Target environment.", enum=["staging", "production"]),
       P("skip_tests", "boolean", "Whether to skip the test stage."),
       P("parallel_jobs", "integer", "Number of jobs to run in parallel.", opt=True, default=4),
   ]))

fn("dns.create_record", "devops",
   "Create a DNS record in a hosted zone.",
   P("zone", "string", "DNS zone (domain), e.g. 'example.com'."),
   P("record_type", "string", "Record type.", enum=["A", "AAAA", "CNAME", "MX", "TXT"]),
   P("name", "string", "Record name relative to the zone, e.g. 'www'."),
   P("value", "string", "Record value, such as an IP address or a target hostname."),
   P("ttl_seconds", "integer", "Time to live in seconds.", opt=True, default=3600))

fn("repo.create_branch", "devops",
   "Create a new branch in a git repository.",
   P("repository", "string", "Repository name."),
   P("branch_name", "string", "Name of the new branch."),
   P("from_ref", "string", "Branch, tag or commit to branch from.", opt=True, default="main"))

fn("repo.delete_branch", "devops",
   "Delete a branch from a git repository.",
   P("repository", "string", "Repository name."),
   P("branch_name", "string", "Name of the branch to delete."))

fn("repo.merge_branch", "devops",
   "Merge one branch into another in a git repository.",
   P("repository", "string", "Repository name."),
   P("source_branch", "string", "Branch whose changes are merged."),
   P("target_branch", "string", "Branch that receives the changes."),
   P("squash", "boolean", "Whether to squash the commits into one.", opt=True, default=False))

# ---------------------------------------------------------------- logistics
fn("shipping.get_quote", "logistics",
   "Get a price quote for sending a parcel between two postcodes.",
   P("origin_postcode", "string", "Postcode the parcel is sent from."),
   P("destination_postcode", "string", "Postcode the parcel is sent to."),
   P("weight_kg", "float", "Parcel weight in kilograms."),
   P("service", "string", "Delivery service level.", opt=True,
     enum=["standard", "express", "overnight"], default="standard"))

fn("fleet.assign_driver", "logistics",
   "Assign a driver to a delivery route for one day.",
   P("route_id", "string", "Route ID."),
   P("driver_id", "string", "Driver ID."),
   P("service_date", "string", "Day on which the driver runs the route." + D))

fn("warehouse.transfer_stock", "logistics",
   "Move stock of one SKU from one warehouse to another.",
   P("sku", "string", "Stock keeping unit."),
   P("from_warehouse", "string", "Code of the source warehouse."),
   P("to_warehouse", "string", "Code of the destination warehouse."),
   P("quantity", "integer", "Number of units to move."))

fn("shipment.create_label", "logistics",
   "Create a shipping label for a package.",
   P("from_address", "string", "Sender address."),
   P("to_address", "string", "Recipient address."),
   P("weight_kg", "float", "Package weight in kilograms."),
   P("service", "string", "Service level.", enum=["ground", "express"]))

fn("shipment.track", "logistics",
   "Get the tracking status of a shipment.",
   P("tracking_number", "string", "Carrier tracking number."),
   P("carrier", "string", "Carrier that handles the shipment.", enum=["ups", "fedex", "dhl", "usps"]))

fn("shipment.schedule_pickup", "logistics",
   "Schedule a courier pickup of packages from an address.",
   P("address", "string", "Pickup address."),
   P("pickup_date", "string", "Pickup date." + D),
   P("pickup_window", "string", "Part of the day for the pickup.", enum=["morning", "afternoon"]),
   P("package_count", "integer", "Number of packages to collect."))

# ---------------------------------------------------------------- cooking
fn("recipe.scale_ingredients", "cooking",
   "Scale the ingredient quantities of a saved recipe to a new number of servings.",
   P("recipe_id", "string", "Recipe ID."),
   P("original_servings", "integer", "Number of servings the recipe is written for."),
   P("target_servings", "integer", "Number of servings wanted."))

_UNITS = ["cup", "tablespoon", "teaspoon", "gram", "ounce", "milliliter"]
fn("kitchen.convert_units", "cooking",
   "Convert a cooking quantity from one unit to another.",
   P("quantity", "float", "Quantity to convert."),
   P("from_unit", "string", "Unit of the given quantity.", enum=_UNITS),
   P("to_unit", "string", "Unit to convert to.", enum=_UNITS),
   P("ingredient", "string", "Ingredient being measured, used for volume-to-weight conversions.", opt=True))

fn("meal_plan.generate", "cooking",
   "Generate a meal plan for a number of days.",
   P("days", "integer", "Number of days to plan."),
   P("diet", "string", "Diet type.", enum=["omnivore", "vegetarian", "vegan", "pescatarian", "keto"]),
   P("calories_per_day", "integer", "Target calories per day."),
   P("exclude_ingredients", "array", "Ingredients to leave out.", opt=True, items=STR))

fn("recipe.search", "cooking",
   "Search recipes that use the given ingredients.",
   P("ingredients", "array", "Ingredients the recipe should use.", items=STR),
   P("max_minutes", "integer", "Maximum total cooking duration in minutes.", opt=True),
   P("cuisine", "string", "Cuisine, e.g. 'Thai'.", opt=True))

fn("recipe.get_nutrition", "cooking",
   "Get nutrition facts for a recipe.",
   P("recipe_id", "string", "Recipe ID."),
   P("servings", "integer", "Number of servings to report the totals for.", opt=True, default=1))

fn("recipe.save_favorite", "cooking",
   "Save a recipe to the user's favourites.",
   P("recipe_id", "string", "Recipe ID."),
   P("collection", "string", "Name of the favourites collection.", opt=True))

# ---------------------------------------------------------------- education
fn("school.enroll_student", "education",
   "Enroll a student in a course for a term.",
   P("student_id", "string", "Student ID."),
   P("course_code", "string", "Course code."),
   P("term", "string", "Academic term.", enum=["spring", "summer", "fall"]),
   P("year", "integer", "Calendar year of the term."))

fn("quiz.generate", "education",
   "Generate a quiz on a topic.",
   P("topic", "string", "Quiz topic."),
   P("num_questions", "integer", "Number of questions."),
   P("difficulty", "string", "Difficulty level.", enum=["easy", "medium", "hard"]),
   P("question_type", "string", "Kind of questions.", opt=True,
     enum=["multiple_choice", "true_false", "short_answer"], default="multiple_choice"))

fn("tutoring.book_session", "education",
   "Book a tutoring session with a tutor.",
   P("subject", "string", "Subject of the session."),
   P("tutor_id", "string", "Tutor ID."),
   P("session_date", "string", "Date of the session." + D),
   P("duration_minutes", "integer", "Length of the session in minutes."),
   P("online", "boolean", "Whether the session is held online."))

fn("course.add_assignment", "education",
   "Add a new assignment to a course.",
   P("course_code", "string", "Course code."),
   P("title", "string", "Assignment title."),
   P("due_date", "string", "Due date." + D),
   P("max_points", "integer", "Maximum number of points."))

fn("course.extend_deadline", "education",
   "Give one student an extended deadline for an assignment.",
   P("course_code", "string", "Course code."),
   P("assignment_id", "string", "Assignment ID."),
   P("student_id", "string", "Student ID."),
   P("new_due_date", "string", "New due date for this student." + D))

fn("course.publish_grades", "education",
   "Publish the grades of an assignment to students.",
   P("course_code", "string", "Course code."),
   P("assignment_id", "string", "Assignment ID."),
   P("notify_students", "boolean", "Whether to e-mail students.", opt=True, default=True))

# ---------------------------------------------------------------- retail
fn("store.check_stock", "retail",
   "Check the stock level of a product at a store.",
   P("sku", "string", "Product SKU."),
   P("store_id", "string", "Store ID."),
   P("include_nearby", "boolean", "Whether to also report stock at nearby stores.", opt=True, default=False))

fn("store.process_return", "retail",
   "Start a return for items from an order.",
   P("order_id", "string", "Order ID."),
   P("item_skus", "array", "SKUs of the items being returned.", items=STR),
   P("reason", "string", "Return reason.", enum=["damaged", "wrong_item", "not_as_described", "changed_mind"]),
   P("refund_method", "string", "How the refund is paid.", opt=True,
     enum=["original_payment", "store_credit"], default="original_payment"))

fn("coupon.apply", "retail",
   "Apply a coupon code to a shopping cart.",
   P("cart_id", "string", "Shopping cart ID."),
   P("coupon_code", "string", "Coupon code."))

fn("order.track", "retail", "Get the delivery status of an order.",
   P("order_id", "string", "Order ID."))
fn("order.cancel", "retail", "Cancel an order that has not shipped yet.",
   P("order_id", "string", "Order ID."),
   P("reason", "string", "Cancellation reason.",
     enum=["changed_mind", "found_cheaper", "ordered_by_mistake", "delivery_too_slow"]))
fn("order.change_address", "retail", "Change the delivery address of an order.",
   P("order_id", "string", "Order ID."),
   P("new_address", "string", "New delivery address."))
fn("order.get_invoice", "retail", "Download the invoice of an order.",
   P("order_id", "string", "Order ID."),
   P("file_format", "string", "File format of the invoice.", opt=True, enum=["pdf", "html"], default="pdf"))

# ---------------------------------------------------------------- science
fn("chem.molar_mass", "science",
   "Compute the molar mass of a chemical formula in g/mol.",
   P("formula", "string", "Chemical formula, e.g. 'H2O'."))

fn("chem.dilution", "science",
   "Compute the volume of stock solution needed for a dilution (C1V1 = C2V2).",
   P("stock_concentration_molar", "float", "Concentration of the stock solution in mol/L."),
   P("target_concentration_molar", "float", "Wanted concentration in mol/L."),
   P("target_volume_ml", "float", "Wanted final volume in millilitres."))

fn("physics.projectile_range", "science",
   "Compute the horizontal range of a projectile without air resistance.",
   P("initial_velocity_ms", "float", "Launch speed in metres per second."),
   P("launch_angle_degrees", "float", "Launch angle above the horizontal in degrees."),
   P("launch_height_m", "float", "Launch height above the landing point in metres.", opt=True, default=0.0))

fn("dna.reverse_complement", "science",
   "Return the reverse complement of a DNA sequence.",
   P("sequence", "string", "DNA sequence using the letters A, C, G and T."))

fn("stats.t_test", "science",
   "Run a two-sample t-test.",
   P("sample_a", "array", "Values of the first sample.", items={"type": "float"}),
   P("sample_b", "array", "Values of the second sample.", items={"type": "float"}),
   P("alternative", "string", "Alternative hypothesis.", opt=True,
     enum=["two_sided", "less", "greater"], default="two_sided"))

fn("lab.book_instrument", "science",
   "Book time on a shared lab instrument.",
   P("instrument_id", "string", "Instrument ID."),
   P("start_time", "string", "Start of the booking." + DT),
   P("end_time", "string", "End of the booking." + DT))

fn("lab.order_reagent", "science",
   "Order a reagent from the lab supplier catalogue.",
   P("catalog_number", "string", "Supplier catalogue number."),
   P("quantity", "integer", "Number of units to order."),
   P("unit", "string", "Packaging unit.", enum=["bottle", "box", "kit"]))

fn("lab.log_sample", "science",
   "Register a new sample in the lab inventory.",
   P("sample_id", "string", "Sample ID."),
   P("sample_type", "string", "Kind of sample, e.g. 'serum'."),
   P("storage_temp_c", "float", "Storage temperature in degrees Celsius."))

# ---------------------------------------------------------------- home
fn("thermostat.set_schedule", "home",
   "Set a target temperature for a heating zone during a daily time window.",
   P("zone", "string", "Heating zone name."),
   P("temperature_c", "float", "Target temperature in degrees Celsius."),
   P("start_time", "string", "Start of the window." + T),
   P("end_time", "string", "End of the window." + T))

fn("smart_home.set_lights", "home",
   "Set brightness and optionally colour of the lights in a room.",
   P("room", "string", "Room name."),
   P("brightness_percent", "integer", "Brightness from 0 to 100."),
   P("color", "string", "Light colour, e.g. 'cool white'.", opt=True))

fn("vacuum.start_cleaning", "home",
   "Start the robot vacuum in one or more rooms.",
   P("rooms", "array", "Rooms to clean.", items=STR),
   P("mode", "string", "Suction mode.", opt=True, enum=["quiet", "standard", "turbo"], default="standard"))

fn("lock.lock_door", "home", "Lock a smart door lock.",
   P("door_id", "string", "Door ID."))
fn("lock.unlock_door", "home", "Unlock a smart door lock.",
   P("door_id", "string", "Door ID."),
   P("auto_relock_minutes", "integer", "Relock automatically after this many minutes; if omitted the door stays unlocked.", opt=True))
fn("lock.create_guest_code", "home", "Create a temporary guest access code for a door.",
   P("door_id", "string", "Door ID."),
   P("code", "string", "Numeric access code."),
   P("valid_from", "string", "Start of validity." + DT),
   P("valid_until", "string", "End of validity." + DT))
fn("lock.revoke_guest_code", "home", "Revoke a guest access code of a door.",
   P("door_id", "string", "Door ID."),
   P("code", "string", "Access code to revoke."))

# ---------------------------------------------------------------- sports
fn("league.get_standings", "sports",
   "Get the league table of a football league for a season.",
   P("league", "string", "League name."),
   P("season", "string", "Season label, e.g. '2024-25'."))

fn("tickets.search_events", "sports",
   "Search tickets for a team's games in a city within a date range.",
   P("team", "string", "Team name."),
   P("city", "string", "City of the venue."),
   P("date_from", "string", "First date of the range." + D),
   P("date_to", "string", "Last date of the range." + D),
   P("max_price", "float", "Maximum ticket price.", opt=True))

fn("sports.player_stats", "sports",
   "Get a player's statistics for one competition and season.",
   P("player_name", "string", "Full name of the player."),
   P("competition", "string", "Competition name."),
   P("season", "string", "Season label, e.g. '2024-25'."))

fn("league.schedule_match", "sports", "Schedule a new league match.",
   P("home_team", "string", "Home team."),
   P("away_team", "string", "Away team."),
   P("match_date", "string", "Match date." + D),
   P("venue", "string", "Venue name."))
fn("league.record_result", "sports", "Record the final score of a league match.",
   P("match_id", "string", "Match ID."),
   P("home_score", "integer", "Goals scored by the home team."),
   P("away_score", "integer", "Goals scored by the away team."))
fn("league.postpone_match", "sports", "Postpone a league match.",
   P("match_id", "string", "Match ID."),
   P("reason", "string", "Reason for the postponement."),
   P("new_date", "string", "New match date, if already known." + D, opt=True))

# ---------------------------------------------------------------- hr
fn("hr.request_leave", "hr",
   "File a leave request for an employee.",
   P("employee_id", "string", "Employee ID."),
   P("leave_type", "string", "Type of leave.", enum=["annual", "sick", "parental", "unpaid"]),
   P("start_date", "string", "First day of leave." + D),
   P("end_date", "string", "Last day of leave." + D),
   P("note", "string", "Note for the approver.", opt=True))

fn("hr.post_job", "hr",
   "Publish a job opening.",
   P("title", "string", "Job title."),
   P("department", "string", "Hiring department."),
   P("location", "string", "Office location."),
   P("salary_min", "integer", "Lower end of the yearly salary range."),
   P("salary_max", "integer", "Upper end of the yearly salary range."),
   P("remote", "boolean", "Whether remote work is allowed."))

fn("payroll.calculate_net_pay", "hr",
   "Estimate monthly take-home pay from gross salary.",
   P("gross_monthly", "float", "Gross monthly salary."),
   P("tax_code", "string", "Employee tax code."),
   P("pension_percent", "float", "Employee pension contribution as a percentage of gross pay.", opt=True, default=5.0))

fn("hr.onboard_employee", "hr", "Start onboarding for a new hire.",
   P("full_name", "string", "Full name of the new hire."),
   P("start_date", "string", "First working day." + D),
   P("department", "string", "Department the new hire joins."),
   P("manager_id", "string", "Employee ID of the line manager."))
fn("hr.offboard_employee", "hr", "Start offboarding for a leaving employee.",
   P("employee_id", "string", "Employee ID."),
   P("last_day", "string", "Last working day." + D),
   P("return_equipment", "boolean", "Whether company equipment must be returned.", opt=True, default=True))
fn("hr.transfer_employee", "hr", "Move an employee to another department.",
   P("employee_id", "string", "Employee ID."),
   P("new_department", "string", "Department the employee moves to."),
   P("effective_date", "string", "Date the transfer takes effect." + D))

# ---------------------------------------------------------------- legal
fn("legal.search_case_law", "legal",
   "Search published court decisions.",
   P("query", "string", "Search terms."),
   P("jurisdiction", "string", "Jurisdiction, e.g. a country, state or province."),
   P("year_from", "integer", "Earliest decision year.", opt=True),
   P("year_to", "integer", "Latest decision year.", opt=True))

fn("court.filing_deadline", "legal",
   "Calculate the deadline for a court filing from its trigger date.",
   P("jurisdiction", "string", "Jurisdiction whose rules apply."),
   P("filing_type", "string", "Type of filing.", enum=["appeal", "response", "motion"]),
   P("trigger_date", "string", "Date of the event that starts the period." + D))

fn("legal.trademark_search", "legal",
   "Search registered trademarks.",
   P("mark", "string", "Word mark to search."),
   P("nice_classes", "array", "Nice classification class numbers.", items={"type": "integer"}),
   P("jurisdiction", "string", "Trademark register.", enum=["US", "EU", "UK", "JP"]))

fn("legal.draft_nda", "legal", "Draft a non-disclosure agreement.",
   P("party_a", "string", "First party."),
   P("party_b", "string", "Second party."),
   P("effective_date", "string", "Effective date." + D),
   P("mutual", "boolean", "Whether both parties disclose information."),
   P("term_months", "integer", "Term of the agreement in months."))
fn("legal.review_contract", "legal", "Review an uploaded contract and flag risks.",
   P("document_id", "string", "Document ID."),
   P("focus_areas", "array", "Clauses or topics to focus on.", opt=True, items=STR))

# ---------------------------------------------------------------- media
fn("video.transcode", "media",
   "Transcode an uploaded video file.",
   P("file_id", "string", "ID of the uploaded video."),
   P("output_format", "string", "Container format.", enum=["mp4", "webm", "mov"]),
   P("resolution", "string", "Output resolution.", enum=["480p", "720p", "1080p", "2160p"]),
   P("bitrate_kbps", "integer", "Video bitrate in kbit/s; chosen automatically if omitted.", opt=True))

fn("podcast.publish_episode", "media",
   "Publish a podcast episode.",
   P("show_id", "string", "Show ID."),
   P("title", "string", "Episode title."),
   P("audio_url", "string", "URL of the audio file."),
   P("publish_at", "string", "Publication time." + DT),
   P("explicit", "boolean", "Whether the episode has explicit content.", opt=True, default=False))

fn("news.search_articles", "media",
   "Search news articles in a date range.",
   P("query", "string", "Search terms."),
   P("from_date", "string", "Earliest publication date." + D),
   P("to_date", "string", "Latest publication date." + D),
   P("language", "string", "ISO 639-1 language code of the articles.", opt=True, default="en"),
   P("sort_by", "string", "Sort order.", opt=True, enum=["relevance", "date", "popularity"], default="relevance"))

fn("streaming.add_to_watchlist", "media", "Add a title to a profile's watchlist.",
   P("profile_id", "string", "Profile ID."),
   P("title_id", "string", "Title ID."))
fn("streaming.remove_from_watchlist", "media", "Remove a title from a profile's watchlist.",
   P("profile_id", "string", "Profile ID."),
   P("title_id", "string", "Title ID."))
fn("streaming.rate_title", "media", "Rate a title for a profile.",
   P("profile_id", "string", "Profile ID."),
   P("title_id", "string", "Title ID."),
   P("stars", "integer", "Rating from 1 to 5 stars."))

# ---------------------------------------------------------------- weather
fn("weather.get_forecast", "weather",
   "Get a daily weather forecast for a city.",
   P("city", "string", "City name."),
   P("days", "integer", "Number of days to forecast."),
   P("units", "string", "Unit system.", opt=True, enum=["metric", "imperial"], default="metric"))

fn("air_quality.get_index", "weather",
   "Get the current air quality index for a city.",
   P("city", "string", "City name."),
   P("pollutant", "string", "Single pollutant to report; if omitted the overall index is returned.", opt=True,
     enum=["pm25", "pm10", "o3", "no2"]))

fn("weather.severe_alerts", "weather",
   "List active severe weather alerts for a region.",
   P("region", "string", "Region name."),
   P("alert_types", "array", "Alert types to include.",
     items={"type": "string", "enum": ["flood", "storm", "heat", "snow", "wildfire"]}))

# ---------------------------------------------------------------- automotive
fn("vehicle.decode_vin", "automotive",
   "Decode a vehicle identification number.",
   P("vin", "string", "17-character VIN."))

fn("car.service_booking", "automotive",
   "Book a car service appointment at the workshop.",
   P("plate_number", "string", "Licence plate number."),
   P("service_type", "string", "Service requested.",
     enum=["oil_change", "tyre_rotation", "brake_inspection", "full_service"]),
   P("service_date", "string", "Date of the appointment." + D),
   P("service_time", "string", "Time of the appointment." + T))

fn("ev.find_chargers", "automotive",
   "Find electric vehicle charging stations near a point.",
   P("latitude", "float", "Latitude in decimal degrees."),
   P("longitude", "float", "Longitude in decimal degrees."),
   P("radius_km", "float", "Search radius in kilometres."),
   P("min_power_kw", "integer", "Minimum charging power in kW.", opt=True),
   P("connector", "string", "Connector type.", opt=True, enum=["ccs", "chademo", "type2", "nacs"]))

# ---------------------------------------------------------------- real estate
fn("mortgage.affordability", "real_estate",
   "Estimate the maximum home price a buyer can afford.",
   P("annual_income", "float", "Gross annual household income."),
   P("monthly_debts", "float", "Total monthly debt payments."),
   P("down_payment", "float", "Available down payment."),
   P("interest_rate_percent", "float", "Mortgage interest rate as a percentage."))

fn("property.search_listings", "real_estate",
   "Search properties for sale.",
   P("city", "string", "City."),
   P("property_type", "string", "Property type.", enum=["apartment", "house", "townhouse", "condo"]),
   P("min_bedrooms", "integer", "Minimum number of bedrooms."),
   P("max_price", "integer", "Maximum asking price."),
   P("pets_allowed", "boolean", "Only show properties that allow pets.", opt=True))

fn("rental.submit_application", "real_estate",
   "Submit a tenant application for a rental listing.",
   P("listing_id", "string", "Listing ID."),
   P("applicant_name", "string", "Full name of the applicant."),
   P("monthly_income", "float", "Applicant's monthly income."),
   P("move_in_date", "string", "Wanted move-in date." + D),
   P("has_pets", "boolean", "Whether the applicant has pets."))

# ---------------------------------------------------------------- agriculture
fn("farm.irrigation_plan", "agriculture",
   "Create an irrigation plan for a field.",
   P("field_id", "string", "Field ID."),
   P("crop", "string", "Crop grown on the field.", enum=["wheat", "maize", "soy", "potato", "rice"]),
   P("area_hectares", "float", "Field area in hectares."))

fn("farm.log_harvest", "agriculture",
   "Record a harvest from a field.",
   P("field_id", "string", "Field ID."),
   P("crop", "string", "Harvested crop."),
   P("yield_tonnes", "float", "Harvested amount in tonnes."),
   P("harvest_date", "string", "Harvest date." + D))

# ---------------------------------------------------------------- energy
fn("solar.estimate_output", "energy",
   "Estimate the yearly output of a rooftop solar system.",
   P("latitude", "float", "Latitude in decimal degrees."),
   P("longitude", "float", "Longitude in decimal degrees."),
   P("panel_capacity_kw", "float", "Installed peak capacity in kW."),
   P("tilt_degrees", "float", "Panel tilt from horizontal in degrees.", opt=True, default=30.0))

fn("utility.submit_meter_reading", "energy",
   "Submit a utility meter reading.",
   P("account_number", "string", "Utility account number."),
   P("meter_type", "string", "Meter type.", enum=["electricity", "gas", "water"]),
   P("reading", "float", "Meter reading."),
   P("reading_date", "string", "Date the reading was taken." + D))

fn("energy.compare_tariffs", "energy",
   "Compare energy tariffs available at a postcode.",
   P("postcode", "string", "Postcode of the property."),
   P("annual_kwh", "integer", "Estimated yearly consumption in kWh."),
   P("fuel", "string", "Fuel type.", enum=["electricity", "gas", "dual"]),
   P("green_only", "boolean", "Only show renewable tariffs.", opt=True, default=False))

# ---------------------------------------------------------------- telecom
fn("telecom.port_number", "telecom",
   "Port a mobile phone number to another carrier.",
   P("phone_number", "string", "Phone number to port."),
   P("new_carrier", "string", "Carrier to move the number to."),
   P("account_pin", "string", "Account PIN at the current carrier."))

fn("telecom.add_data_pack", "telecom",
   "Add a data pack to a mobile line.",
   P("msisdn", "string", "Mobile number of the line."),
   P("pack_size_gb", "integer", "Data allowance in GB."),
   P("roaming", "boolean", "Whether the pack is for roaming use."))

fn("telecom.check_coverage", "telecom",
   "Check network coverage at an address.",
   P("address", "string", "Street address."),
   P("technology", "string", "Network technology.", enum=["4g", "5g", "fiber"]))

# ---------------------------------------------------------------- gaming
fn("game.create_lobby", "gaming",
   "Create a multiplayer lobby.",
   P("game_mode", "string", "Game mode.", enum=["deathmatch", "capture_the_flag", "king_of_the_hill"]),
   P("max_players", "integer", "Maximum number of players."),
   P("private", "boolean", "Whether the lobby is invite-only."),
   P("region", "string", "Server region; chosen automatically if omitted.", opt=True))

fn("game.leaderboard", "gaming",
   "Get the top players of a game.",
   P("game_id", "string", "Game ID."),
   P("period", "string", "Time period of the ranking.", enum=["daily", "weekly", "monthly", "all_time"]),
   P("limit", "integer", "Number of players to return.", opt=True, default=10))

fn("game.redeem_code", "gaming",
   "Redeem a gift or promo code on a gaming account.",
   P("account_id", "string", "Gaming account ID."),
   P("code", "string", "Code to redeem."))

# ---------------------------------------------------------------- music
fn("music.create_playlist", "music",
   "Create a playlist from track IDs.",
   P("name", "string", "Playlist name."),
   P("track_ids", "array", "IDs of the tracks, in order.", items=STR),
   P("public", "boolean", "Whether the playlist is public.", opt=True, default=False))

fn("music.get_chords", "music",
   "Get the chord chart of a song for an instrument.",
   P("song_title", "string", "Song title."),
   P("artist", "string", "Performing artist or band."),
   P("instrument", "string", "Instrument.", opt=True, enum=["guitar", "piano", "ukulele"], default="guitar"))

fn("concert.find", "music",
   "Find concerts by an artist in a city within a date range.",
   P("artist", "string", "Artist or band."),
   P("city", "string", "City."),
   P("date_from", "string", "First date of the range." + D),
   P("date_to", "string", "Last date of the range." + D))

# ---------------------------------------------------------------- library
fn("library.renew_loan", "library",
   "Renew a borrowed library item.",
   P("card_number", "string", "Library card number."),
   P("item_barcode", "string", "Barcode of the borrowed item."),
   P("weeks", "integer", "Number of weeks to extend the loan by.", opt=True, default=2))

fn("library.search_catalog", "library",
   "Search the library catalogue.",
   P("query", "string", "Title, author or keywords."),
   P("media_type", "string", "Restrict to one media type.", opt=True, enum=["book", "ebook", "audiobook", "dvd"]),
   P("available_only", "boolean", "Only show items that are currently on the shelf.", opt=True, default=False))

fn("library.place_hold", "library",
   "Place a hold on a book.",
   P("card_number", "string", "Library card number."),
   P("isbn", "string", "ISBN of the book."),
   P("pickup_branch", "string", "Branch where the book will be collected."))

# ---------------------------------------------------------------- events
fn("events.book_venue", "events",
   "Book an event venue for one day.",
   P("venue_id", "string", "Venue ID."),
   P("event_date", "string", "Event date." + D),
   P("guest_count", "integer", "Expected number of guests."),
   P("catering", "boolean", "Whether catering is needed."))

fn("events.send_invitations", "events",
   "Send e-mail invitations for an event.",
   P("event_id", "string", "Event ID."),
   P("emails", "array", "E-mail addresses of the invitees.", items=STR),
   P("rsvp_deadline", "string", "Last day to reply." + D))

# ---------------------------------------------------------------- pets
_SPECIES = ["dog", "cat", "rabbit", "bird", "other"]
fn("pet.schedule_vet", "pets",
   "Book a veterinary appointment for a pet.",
   P("pet_name", "string", "Pet's name."),
   P("species", "string", "Species.", enum=_SPECIES),
   P("appointment_datetime", "string", "Start of the appointment." + DTS),
   P("reason", "string", "Reason for the visit."))

fn("pet.feeding_calculator", "pets",
   "Calculate the recommended daily food amount for a pet.",
   P("species", "string", "Species.", enum=["dog", "cat"]),
   P("weight_kg", "float", "Pet's weight in kilograms."),
   P("activity_level", "string", "Activity level.", enum=["low", "moderate", "high"]))

fn("pet.find_sitter", "pets",
   "Find pet sitters available in a city for a date range.",
   P("city", "string", "City."),
   P("species", "string", "Species to be looked after.", enum=_SPECIES),
   P("start_date", "string", "First day of sitting." + D),
   P("end_date", "string", "Last day of sitting." + D),
   P("max_rate_per_night", "float", "Maximum price per night.", opt=True))

# ---------------------------------------------------------------- fitness
fn("fitness.log_workout", "fitness",
   "Log a completed workout.",
   P("activity", "string", "Activity.", enum=["running", "cycling", "swimming", "rowing", "walking"]),
   P("duration_minutes", "integer", "Duration in minutes."),
   P("distance_km", "float", "Distance in kilometres.", opt=True),
   P("workout_date", "string", "Date of the workout." + D))

fn("fitness.heart_rate_zones", "fitness",
   "Calculate heart rate training zones (Karvonen method).",
   P("age", "integer", "Age in years."),
   P("resting_heart_rate", "integer", "Resting heart rate in beats per minute."))

fn("fitness.create_training_plan", "fitness",
   "Create a running training plan towards a race goal.",
   P("goal", "string", "Race distance.", enum=["5k", "10k", "half_marathon", "marathon"]),
   P("weeks", "integer", "Length of the plan in weeks."),
   P("sessions_per_week", "integer", "Number of training sessions per week."),
   P("start_date", "string", "First day of the plan." + D))

# ---------------------------------------------------------------- insurance
fn("insurance.file_claim", "insurance",
   "File an insurance claim.",
   P("policy_number", "string", "Policy number."),
   P("claim_type", "string", "Claim type.", enum=["auto", "home", "travel", "health"]),
   P("incident_date", "string", "Date of the incident." + D),
   P("estimated_amount", "float", "Estimated loss amount."),
   P("description", "string", "Short description of what happened."))

fn("insurance.quote_travel", "insurance",
   "Get a travel insurance quote.",
   P("destination_country", "string", "Destination country."),
   P("trip_start", "string", "First day of the trip." + D),
   P("trip_end", "string", "Last day of the trip." + D),
   P("traveler_ages", "array", "Ages of all travellers.", items={"type": "integer"}),
   P("include_cancellation", "boolean", "Whether to add trip cancellation cover.", opt=True, default=False))

fn("insurance.compare_car_quotes", "insurance",
   "Compare car insurance quotes from several insurers.",
   P("driver_age", "integer", "Age of the main driver."),
   P("annual_mileage", "integer", "Miles driven per year."),
   P("postcode", "string", "Postcode where the car is kept."),
   P("coverage", "string", "Cover level.", enum=["third_party", "comprehensive"]))

# ---------------------------------------------------------------- government
fn("gov.passport_appointment", "government",
   "Book an appointment at a passport office.",
   P("office_city", "string", "City of the passport office."),
   P("preferred_date", "string", "Preferred appointment date." + D),
   P("applicant_count", "integer", "Number of applicants attending."),
   P("expedited", "boolean", "Whether expedited processing is requested.", opt=True, default=False))

fn("tax.estimate_income_tax", "government",
   "Estimate federal income tax for a tax year.",
   P("tax_year", "integer", "Tax year."),
   P("annual_income", "float", "Taxable annual income."),
   P("filing_status", "string", "Filing status.",
     enum=["single", "married_joint", "married_separate", "head_of_household"]))

fn("gov.report_issue", "government",
   "Report a public infrastructure problem to the city.",
   P("category", "string", "Issue category.", enum=["pothole", "streetlight", "graffiti", "litter", "noise"]),
   P("location", "string", "Where the issue is."),
   P("description", "string", "Short description of the issue."),
   P("photo_url", "string", "URL of a photo of the issue.", opt=True))

# ---------------------------------------------------------------- transport
fn("transit.plan_trip", "transport",
   "Plan a public transport trip between two stops.",
   P("from_stop", "string", "Departure stop."),
   P("to_stop", "string", "Arrival stop."),
   P("depart_at", "string", "Departure time." + DT),
   P("mode", "string", "Restrict to one mode.", opt=True, enum=["any", "bus", "tram", "metro", "rail"], default="any"),
   P("wheelchair_accessible", "boolean", "Only use step-free routes.", opt=True, default=False))

fn("parking.reserve_spot", "transport",
   "Reserve a parking spot in a garage.",
   P("garage_id", "string", "Garage ID."),
   P("start_time", "string", "Start of the reservation." + DT),
   P("end_time", "string", "End of the reservation." + DT),
   P("vehicle_plate", "string", "Licence plate of the vehicle."))

fn("bike_share.unlock", "transport",
   "Unlock a shared bike at a docking station.",
   P("station_id", "string", "Docking station ID."),
   P("member_id", "string", "Member ID."),
   P("bike_type", "string", "Bike type.", enum=["classic", "electric"]))

# ---------------------------------------------------------------- hospitality
fn("hotel.book_room", "hospitality",
   "Book a hotel room.",
   P("hotel_id", "string", "Hotel ID."),
   P("check_in", "string", "Check-in date." + D),
   P("check_out", "string", "Check-out date." + D),
   P("guests", "integer", "Number of guests."),
   P("room_type", "string", "Room type.", enum=["single", "double", "twin", "suite"]))

fn("restaurant.book_table", "hospitality",
   "Book a restaurant table.",
   P("restaurant_name", "string", "Restaurant name."),
   P("party_size", "integer", "Number of diners."),
   P("reservation_date", "string", "Date of the booking." + D),
   P("reservation_time", "string", "Time of the booking." + T),
   P("seating", "string", "Seating area.", opt=True, enum=["indoor", "outdoor", "bar"]))

fn("bill.split", "hospitality",
   "Split a restaurant bill including tip between several people.",
   P("total_amount", "float", "Bill total before tip."),
   P("tip_fraction", "float", "Tip as a fraction of the total, e.g. 0.15 for 15%."),
   P("people", "integer", "Number of people paying."))

fn("hotel.modify_reservation", "hospitality", "Change the dates of a hotel reservation.",
   P("confirmation_number", "string", "Reservation confirmation number."),
   P("new_check_in", "string", "New check-in date." + D),
   P("new_check_out", "string", "New check-out date." + D))
fn("hotel.cancel_reservation", "hospitality", "Cancel a hotel reservation.",
   P("confirmation_number", "string", "Reservation confirmation number."),
   P("reason", "string", "Reason for cancelling.", opt=True))
fn("hotel.add_special_request", "hospitality", "Add a special request to a hotel reservation.",
   P("confirmation_number", "string", "Reservation confirmation number."),
   P("request", "string", "Text of the request."))

# ---------------------------------------------------------------- security
fn("security.rotate_api_key", "security",
   "Issue a new API key for a service and schedule the old key to expire.",
   P("service_name", "string", "Service the key belongs to."),
   P("key_id", "string", "ID of the key to rotate."),
   P("expire_old_after_hours", "integer", "Hours the old key stays valid.", opt=True, default=24))

fn("firewall.add_rule", "security",
   "Add an inbound firewall rule.",
   P("action", "string", "Rule action.", enum=["allow", "deny"]),
   P("protocol", "string", "Protocol.", enum=["tcp", "udp", "icmp"]),
   P("port", "integer", "Destination port."),
   P("source_cidr", "string", "Source address range in CIDR notation."))

fn("security.audit_log_search", "security",
   "Search the audit log for actions by a user in a time window.",
   P("username", "string", "Username."),
   P("action", "string", "Audited action name."),
   P("from_time", "string", "Start of the window." + DT),
   P("to_time", "string", "End of the window." + DT))

# ---------------------------------------------------------------- marketing
fn("marketing.schedule_email_campaign", "marketing",
   "Schedule an e-mail campaign to a customer segment.",
   P("campaign_id", "string", "Campaign ID."),
   P("segment", "string", "Customer segment name."),
   P("send_at", "string", "Send time." + DTS),
   P("timezone", "string", "IANA time zone name, e.g. 'America/New_York'."))

fn("ads.set_budget", "marketing",
   "Set the daily budget of an ad campaign.",
   P("campaign_id", "string", "Ad campaign ID."),
   P("daily_budget", "float", "Daily budget amount."),
   P("currency", "string", "ISO 4217 currency code."),
   P("end_date", "string", "Last day the campaign runs." + D, opt=True))

# ---------------------------------------------------------------- manufacturing
fn("mfg.create_work_order", "manufacturing",
   "Create a production work order.",
   P("product_code", "string", "Product code."),
   P("quantity", "integer", "Number of units to produce."),
   P("due_date", "string", "Due date." + D),
   P("priority", "string", "Priority.", enum=["low", "normal", "high", "urgent"]))

fn("qc.log_defect", "manufacturing",
   "Log defects found during quality control of a batch.",
   P("batch_id", "string", "Production batch ID."),
   P("defect_code", "string", "Defect code."),
   P("defect_count", "integer", "Number of defective units."),
   P("severity", "string", "Severity.", enum=["minor", "major", "critical"]))

# ---------------------------------------------------------------- astronomy
fn("astro.visibility", "astronomy",
   "Get rise, set and best viewing times of a celestial object from a location.",
   P("object_name", "string", "Name of the planet, star or other object."),
   P("latitude", "float", "Observer latitude in decimal degrees."),
   P("longitude", "float", "Observer longitude in decimal degrees."),
   P("observation_date", "string", "Date of observation." + D))

fn("astro.meteor_showers", "astronomy",
   "List meteor showers visible in a given month.",
   P("month", "integer", "Month number from 1 to 12."),
   P("year", "integer", "Year."),
   P("hemisphere", "string", "Observer hemisphere.", enum=["northern", "southern"]))

# ---------------------------------------------------------------- geography
fn("geo.distance", "geography",
   "Great-circle distance between two cities.",
   P("from_city", "string", "First city."),
   P("to_city", "string", "Second city."),
   P("unit", "string", "Distance unit.", opt=True, enum=["kilometers", "miles"], default="kilometers"))

fn("geo.timezone_lookup", "geography",
   "Look up the time zone of a city.",
   P("city", "string", "City name."),
   P("country", "string", "Country the city is in."))

# ---------------------------------------------------------------- language
fn("translate.text", "language",
   "Translate text between languages.",
   P("text", "string", "Text to translate."),
   P("source_language", "string", "ISO 639-1 code of the source language."),
   P("target_language", "string", "ISO 639-1 code of the target language."))

fn("dictionary.define", "language",
   "Look up the definition of a word.",
   P("word", "string", "Word to define."),
   P("language", "string", "ISO 639-1 code of the dictionary language.", opt=True, default="en"))

# ---------------------------------------------------------------- photography
fn("photo.batch_resize", "photography",
   "Resize every photo of an album to fit a bounding box.",
   P("album_id", "string", "Album ID."),
   P("max_width_px", "integer", "Maximum width in pixels."),
   P("max_height_px", "integer", "Maximum height in pixels."),
   P("output_format", "string", "Output image format.", enum=["jpeg", "png", "webp"]))

fn("photo.exposure_value", "photography",
   "Compute the exposure value (EV) of a camera setting.",
   P("aperture_f", "float", "Aperture f-number."),
   P("shutter_seconds", "float", "Shutter speed in seconds."),
   P("iso", "integer", "ISO sensitivity."))

# ---------------------------------------------------------------- gardening
fn("garden.planting_calendar", "gardening",
   "Get the sowing and planting windows of a plant for a hardiness zone.",
   P("plant", "string", "Plant name."),
   P("hardiness_zone", "string", "USDA hardiness zone, e.g. '6a'."))

fn("garden.soil_test_order", "gardening",
   "Order a soil test kit.",
   P("postcode", "string", "Delivery postcode."),
   P("sample_count", "integer", "Number of soil samples."),
   P("tests", "array", "Tests to run on each sample.",
     items={"type": "string", "enum": ["ph", "nitrogen", "phosphorus", "potassium", "organic_matter"]}))

# ---------------------------------------------------------------- banking
fn("bank.transfer", "banking",
   "Transfer money from one of the user's accounts to an IBAN.",
   P("from_account", "string", "Source account ID."),
   P("to_iban", "string", "Recipient IBAN."),
   P("amount", "float", "Amount to transfer."),
   P("currency", "string", "ISO 4217 currency code."),
   P("reference", "string", "Payment reference.", opt=True))

fn("bank.set_card_limit", "banking",
   "Set a spending limit on a payment card.",
   P("card_last4", "string", "Last four digits of the card."),
   P("limit_type", "string", "Which limit to set.", enum=["daily_atm", "daily_purchase", "online"]),
   P("amount", "float", "New limit amount."))

fn("bank.freeze_card", "banking", "Temporarily block a payment card.",
   P("card_last4", "string", "Last four digits of the card."),
   P("reason", "string", "Why the card is blocked.", enum=["lost", "stolen", "suspicious_activity"]))
fn("bank.unfreeze_card", "banking", "Lift a temporary block from a payment card.",
   P("card_last4", "string", "Last four digits of the card."))
fn("bank.replace_card", "banking", "Order a replacement payment card.",
   P("card_last4", "string", "Last four digits of the card being replaced."),
   P("delivery", "string", "Delivery speed.", opt=True, enum=["standard", "express"], default="standard"),
   P("shipping_address", "string", "Delivery address if different from the address on file.", opt=True))

# ---------------------------------------------------------------- office
fn("calendar.create_event", "office",
   "Create a calendar event.",
   P("title", "string", "Event title."),
   P("start", "string", "Start of the event." + DT),
   P("duration_minutes", "integer", "Length of the event in minutes."),
   P("attendees", "array", "E-mail addresses of the attendees.", opt=True, items=STR),
   P("location", "string", "Location of the event.", opt=True))
