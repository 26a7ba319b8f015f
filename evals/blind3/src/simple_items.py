"""blind3 simple items: 80 questions, one function each. Hand-written 2026-12-07."""

from schema import S, I, F, B, A, D, fn, item

ITEMS = []
add = ITEMS.append

YMD = "in YYYY-MM-DD format."
HM = "in 24-hour HH:MM format."

# 0 brewing
add(item("informal",
    "my oatmeal stout went from 1.062 down to 1.014, whats the abv?",
    fn("calculate_abv",
       "Calculate the alcohol by volume (ABV) of a beer, cider or wine from its original and final specific gravity readings.",
       {"original_gravity": F("Specific gravity measured before fermentation, e.g. 1.050."),
        "final_gravity": F("Specific gravity measured after fermentation, e.g. 1.010.")},
       ["original_gravity", "final_gravity"]),
    {"calculate_abv": {"original_gravity": [1.062], "final_gravity": [1.014]}}))

# 1 brewing
add(item("plain",
    "Please scale my saved recipe \"Harvest Moon Saison\" from a 20 litre batch up to 46 litres.",
    fn("brewing.scale_recipe",
       "Scale a saved homebrew recipe from the batch size it was written for to a new batch size.",
       {"recipe_name": S("Name of the saved recipe."),
        "original_batch_liters": F("Batch size the recipe was written for, in litres."),
        "target_batch_liters": F("New batch size, in litres."),
        "round_to_grams": I("Round ingredient weights to the nearest multiple of this many grams. Default is 1.", default=1)},
       ["recipe_name", "original_batch_liters", "target_batch_liters"]),
    {"brewing.scale_recipe": {"recipe_name": ["Harvest Moon Saison"], "original_batch_liters": [20.0],
                              "target_batch_liters": [46.0], "round_to_grams": ["", 1]}}))

# 2 orienteering
add(item("plain",
    "On our orienteering map, what's the magnetic bearing from the control at grid reference NY 2345 0876 to the one at NY 2410 0932? The declination here is 1.5 degrees west.",
    fn("get_orienteering_bearing",
       "Compute the bearing from one map grid reference to another, optionally corrected for magnetic declination.",
       {"from_grid_ref": S("Starting grid reference, e.g. 'SD 1234 5678'."),
        "to_grid_ref": S("Destination grid reference."),
        "magnetic_declination_deg": F("Local magnetic declination in degrees; east is positive, west is negative. Default is 0.0, which gives a grid bearing.", default=0.0)},
       ["from_grid_ref", "to_grid_ref"]),
    {"get_orienteering_bearing": {"from_grid_ref": ["NY 2345 0876"], "to_grid_ref": ["NY 2410 0932"],
                                  "magnetic_declination_deg": [-1.5]}}))

# 3 archives
add(item("informal",
    "can i get box 14 of collection MSS 2291 pulled for my reading room visit on the 9th of february 2027? only need folders 3, 4 and 7",
    fn("archive.request_box",
       "Request a box from an archive's closed stores to be brought to the reading room for a visit.",
       {"collection_id": S("Collection reference code, e.g. 'MS 412'."),
        "box_number": I("Box number within the collection."),
        "visit_date": S("Date of the reading room visit " + YMD),
        "folder_numbers": A("integer", "Folders within the box to flag for the archivist. If omitted, the whole box is requested.")},
       ["collection_id", "box_number", "visit_date"]),
    {"archive.request_box": {"collection_id": ["MSS 2291"], "box_number": [14], "visit_date": ["2027-02-09"],
                             "folder_numbers": [[3, 4, 7]]}}))

# 4 veterinary dosing
add(item("plain",
    "What dose of meloxicam should I give a 4.2 kg cat at a rate of 0.05 mg per kg?",
    fn("calculate_vet_dose",
       "Calculate a single dose of a drug for an animal from its body weight and a dose rate.",
       {"species": S("Animal species.", enum=["dog", "cat", "rabbit", "horse", "ferret"]),
        "drug_name": S("Name of the drug."),
        "body_weight_kg": F("Body weight in kilograms."),
        "dose_mg_per_kg": F("Dose rate in milligrams per kilogram of body weight."),
        "doses_per_day": I("Number of doses per day, used to report a daily total. Default is 1.", default=1)},
       ["species", "drug_name", "body_weight_kg", "dose_mg_per_kg"]),
    {"calculate_vet_dose": {"species": ["cat"], "drug_name": ["meloxicam"], "body_weight_kg": [4.2],
                            "dose_mg_per_kg": [0.05], "doses_per_day": ["", 1]}}))

# 5 railway timetables
add(item("informal",
    "trains from York to Edinburgh on 14 march 2027, leaving after 8.30am, direct only pls",
    fn("find_train_connections",
       "Find rail connections between two stations on a given day.",
       {"origin_station": S("Departure station name."),
        "destination_station": S("Arrival station name."),
        "travel_date": S("Date of travel " + YMD),
        "depart_after": S("Earliest departure time " + HM + " Default is 00:00.", default="00:00"),
        "max_changes": I("Maximum number of changes allowed; 0 means direct trains only. Default is 2.", default=2)},
       ["origin_station", "destination_station", "travel_date"]),
    {"find_train_connections": {"origin_station": ["York"], "destination_station": ["Edinburgh"],
                                "travel_date": ["2027-03-14"], "depart_after": ["08:30"], "max_changes": [0]}}))

# 6 choir scheduling
add(item("plain",
    "Schedule a rehearsal for St Cuthbert's Chamber Choir on 22 April 2027 at 19:15, lasting 90 minutes, for the tenors and basses only.",
    fn("schedule_choir_rehearsal",
       "Add a rehearsal to a choir's calendar and notify the singers who are called.",
       {"choir_name": S("Name of the choir."),
        "date": S("Rehearsal date " + YMD),
        "start_time": S("Start time " + HM),
        "duration_minutes": I("Length of the rehearsal in minutes."),
        "voice_parts": A("string", "Voice parts called, each in lower-case singular, e.g. 'soprano'. If omitted, all parts are called.")},
       ["choir_name", "date", "start_time", "duration_minutes"]),
    {"schedule_choir_rehearsal": {"choir_name": ["St Cuthbert's Chamber Choir", "St Cuthberts Chamber Choir",
                                                 "Saint Cuthbert's Chamber Choir"],
                                  "date": ["2027-04-22"], "start_time": ["19:15"], "duration_minutes": [90],
                                  "voice_parts": [["tenor", "bass"], ["bass", "tenor"]]}}))

# 7 ceramics kiln
add(item("informal",
    "set up a glaze firing to cone 6, ramping at 150 degrees C an hour, with a 10 min hold at the top",
    fn("kiln.create_firing_schedule",
       "Create a programmed firing schedule for an electric kiln.",
       {"target_cone": S("Pyrometric cone to fire to.", enum=["022", "018", "06", "04", "5", "6", "10"]),
        "ramp_rate_c_per_hour": I("Final ramp rate in degrees Celsius per hour."),
        "hold_minutes": I("Hold time at peak temperature in minutes. Default is 0.", default=0),
        "slow_cool": B("Whether to add a controlled slow-cooling segment. Default is false.", default=False)},
       ["target_cone", "ramp_rate_c_per_hour"]),
    {"kiln.create_firing_schedule": {"target_cone": ["6"], "ramp_rate_c_per_hour": [150], "hold_minutes": [10],
                                     "slow_cool": ["", False]}}))

# 8 rowing
add(item("plain",
    "I did a 2,000 m erg test in 7 minutes 12 seconds. What was my average 500 m split?",
    fn("calculate_rowing_split",
       "Calculate the average split time per 500 metres for a rowing or ergometer piece.",
       {"distance_meters": I("Distance rowed in metres."),
        "total_time_seconds": F("Total time taken, in seconds.")},
       ["distance_meters", "total_time_seconds"]),
    {"calculate_rowing_split": {"distance_meters": [2000], "total_time_seconds": [432.0]}}))

# 9 cartography
add(item("plain",
    "On a 1:25,000 map, two trig points are 7.4 cm apart. How far apart are they on the ground, in metres?",
    fn("map_to_ground_distance",
       "Convert a distance measured on a map into the real distance on the ground.",
       {"map_distance_cm": F("Distance measured on the map, in centimetres."),
        "scale_denominator": I("Denominator of the map scale, e.g. 50000 for 1:50,000."),
        "output_unit": S("Unit for the result. Default is km.", enum=["m", "km", "mi"], default="km")},
       ["map_distance_cm", "scale_denominator"]),
    {"map_to_ground_distance": {"map_distance_cm": [7.4], "scale_denominator": [25000], "output_unit": ["m"]}}))

# 10 typography
add(item("informal",
    "give me 5 steps of a modualr type scale starting at 16px with a perfect fourth ratio (1.333)",
    fn("generate_modular_type_scale",
       "Generate a sequence of font sizes on a modular scale.",
       {"base_size_px": F("Base font size in pixels."),
        "ratio": F("Scale ratio, e.g. 1.25 for a major third."),
        "steps": I("Number of sizes to generate above the base.")},
       ["base_size_px", "ratio", "steps"]),
    {"generate_modular_type_scale": {"base_size_px": [16.0], "ratio": [1.333], "steps": [5]}}))

# 11 recycling
add(item("informal",
    "where can i drop off old batteries near LS6 2QT? within 3 km ideally",
    fn("find_recycling_drop_off",
       "Find recycling drop-off points that accept a given material near a postcode.",
       {"material": S("Material to recycle.", enum=["glass", "batteries", "small_electricals", "textiles", "paint", "cooking_oil"]),
        "postcode": S("Postcode to search around."),
        "radius_km": F("Search radius in kilometres.")},
       ["material", "postcode", "radius_km"]),
    {"find_recycling_drop_off": {"material": ["batteries"], "postcode": ["LS6 2QT"], "radius_km": [3.0]}}))

# 12 volcanology
add(item("plain",
    "List the eruptions of Mount Etna between 1950 and 2000 that had a VEI of at least 2.",
    fn("volcano.get_eruption_history",
       "List recorded eruptions of a volcano within a range of years.",
       {"volcano_name": S("Name of the volcano."),
        "start_year": I("First year of the range."),
        "end_year": I("Last year of the range."),
        "min_vei": I("Minimum Volcanic Explosivity Index (0-8) to include.")},
       ["volcano_name", "start_year", "end_year", "min_vei"]),
    {"volcano.get_eruption_history": {"volcano_name": ["Mount Etna", "Etna"], "start_year": [1950],
                                      "end_year": [2000], "min_vei": [2]}}))

# 13 insurance claims
add(item("informal",
    "need to file a claim on policy HX-448812 - water damage on 2 jan 2027, roughly £3,400 to fix. put 'burst pipe under kitchen sink' as the description",
    fn("file_insurance_claim",
       "Open a new claim against a home insurance policy.",
       {"policy_number": S("Policy number."),
        "incident_date": S("Date of the incident " + YMD),
        "claim_type": S("Type of claim.", enum=["theft", "water_damage", "fire", "accidental_damage", "storm_damage"]),
        "estimated_amount": F("Estimated cost of the loss or repair."),
        "description": S("Short description of what happened. Optional.")},
       ["policy_number", "incident_date", "claim_type", "estimated_amount"]),
    {"file_insurance_claim": {"policy_number": ["HX-448812"], "incident_date": ["2027-01-02"],
                              "claim_type": ["water_damage"], "estimated_amount": [3400.0],
                              "description": ["burst pipe under kitchen sink"]}}))

# 14 dentistry
add(item("plain",
    "Book a hygienist cleaning for Priya Raman on 17 May 2027 at 2:40 pm.",
    fn("book_dental_appointment",
       "Book an appointment at the dental practice.",
       {"patient_name": S("Patient's full name."),
        "appointment_date": S("Appointment date " + YMD),
        "appointment_time": S("Appointment time " + HM),
        "procedure": S("Type of appointment.", enum=["checkup", "hygienist_cleaning", "filling", "extraction", "whitening"])},
       ["patient_name", "appointment_date", "appointment_time", "procedure"]),
    {"book_dental_appointment": {"patient_name": ["Priya Raman"], "appointment_date": ["2027-05-17"],
                                 "appointment_time": ["14:40"], "procedure": ["hygienist_cleaning"]}}))

# 15 pottery
add(item("informal",
    "my clay body shrinks 12% overall. how tall do i need to throw a mug so it ends up 95mm after firing?",
    fn("calculate_wet_clay_size",
       "Work out how large to make a piece in wet clay so that it reaches a target size after drying and firing.",
       {"target_fired_size_mm": F("Desired size after firing, in millimetres."),
        "shrinkage_fraction": F("Total shrinkage of the clay body as a fraction between 0 and 1, e.g. 0.12 for 12%.")},
       ["target_fired_size_mm", "shrinkage_fraction"]),
    {"calculate_wet_clay_size": {"target_fired_size_mm": [95.0], "shrinkage_fraction": [0.12]}}))

# 16 falconry
add(item("plain",
    "Log Juno, my Harris hawk, at 742 grams on 5 December 2026. She was given 45 grams of quail.",
    fn("log_falconry_weight",
       "Record a bird of prey's daily weight in the falconry log.",
       {"bird_name": S("Name of the bird."),
        "weight_grams": I("Weight in grams."),
        "weigh_date": S("Date of weighing " + YMD),
        "food_given_grams": I("Food given that day, in grams. Optional.")},
       ["bird_name", "weight_grams", "weigh_date"]),
    {"log_falconry_weight": {"bird_name": ["Juno"], "weight_grams": [742], "weigh_date": ["2026-12-05"],
                             "food_given_grams": [45]}}))

# 17 HVAC
add(item("informal",
    "how many BTU to heat a room that's 5.5 m long and 4 m wide with 2.7 m ceilings? insulation is pretty poor, it's an old house",
    fn("calculate_heating_btu",
       "Estimate the heating output in BTU per hour needed for a room.",
       {"room_length_m": F("Room length in metres."),
        "room_width_m": F("Room width in metres."),
        "ceiling_height_m": F("Ceiling height in metres."),
        "insulation": S("Insulation quality. Default is average.", enum=["poor", "average", "good"], default="average")},
       ["room_length_m", "room_width_m", "ceiling_height_m"]),
    {"calculate_heating_btu": {"room_length_m": [5.5], "room_width_m": [4.0], "ceiling_height_m": [2.7],
                               "insulation": ["poor"]}}))

# 18 sailing
add(item("plain",
    "We're sailing 38 nautical miles from Falmouth to the Isles of Scilly at about 5.5 knots, leaving at 06:00. How long will it take and when will we arrive?",
    fn("estimate_passage_time",
       "Estimate how long a sailing passage will take at a given average boat speed.",
       {"distance_nm": F("Distance in nautical miles."),
        "average_speed_knots": F("Expected average speed in knots."),
        "departure_time": S("Departure time " + HM + " If given, an arrival time is also returned.")},
       ["distance_nm", "average_speed_knots"]),
    {"estimate_passage_time": {"distance_nm": [38.0], "average_speed_knots": [5.5], "departure_time": ["06:00"]}}))

# 19 podcasting
add(item("informal",
    "schedule ep 'Mudlarks of the Thames' on show pod-7731 for the 1st of feb 2027 at 6am, and mark it explicit, there's a fair bit of swearing",
    fn("podcast.schedule_episode",
       "Schedule an already uploaded podcast episode for publication.",
       {"show_id": S("Identifier of the show, e.g. 'pod-1234'."),
        "episode_title": S("Title of the episode."),
        "publish_date": S("Publication date " + YMD),
        "publish_time": S("Publication time " + HM + " Default is 09:00.", default="09:00"),
        "explicit": B("Whether to mark the episode as explicit. Default is false.", default=False)},
       ["show_id", "episode_title", "publish_date"]),
    {"podcast.schedule_episode": {"show_id": ["pod-7731"], "episode_title": ["Mudlarks of the Thames"],
                                  "publish_date": ["2027-02-01"], "publish_time": ["06:00"], "explicit": [True]}}))

# 20 translation memory
add(item("plain",
    "Search our translation memory for matches for \"Remove the battery before cleaning\" from English into German, showing only matches of 85% or better.",
    fn("tm.lookup_segment",
       "Look up a source segment in the translation memory and return stored translations.",
       {"source_text": S("Text of the segment to look up."),
        "source_lang": S("Source language as an ISO 639-1 code, e.g. 'en'."),
        "target_lang": S("Target language as an ISO 639-1 code."),
        "min_match_percent": I("Minimum fuzzy-match score from 0 to 100. Default is 75.", default=75)},
       ["source_text", "source_lang", "target_lang"]),
    {"tm.lookup_segment": {"source_text": ["Remove the battery before cleaning"], "source_lang": ["en"],
                           "target_lang": ["de"], "min_match_percent": [85]}}))

# 21 spreadsheets
add(item("informal",
    "put Q3 forecast in cell B2 on the Budget 2027 sheet",
    fn("spreadsheet.set_cell_value",
       "Write a value into a single cell of a spreadsheet.",
       {"sheet_name": S("Name of the sheet (tab)."),
        "cell": S("Cell reference in A1 notation, e.g. 'C7'."),
        "value": S("Value to write, as text.")},
       ["sheet_name", "cell", "value"]),
    {"spreadsheet.set_cell_value": {"sheet_name": ["Budget 2027"], "cell": ["B2"], "value": ["Q3 forecast"]}}))

# 22 lab inventory
add(item("plain",
    "Add 500 mL of acetonitrile to the lab inventory. It expires on 30 June 2028 and is stored in flammables cabinet 2.",
    fn("lab_inventory.add_reagent",
       "Add a reagent to the laboratory inventory.",
       {"reagent_name": S("Name of the reagent."),
        "quantity": F("Amount received."),
        "unit": S("Unit of the quantity.", enum=["mL", "L", "mg", "g", "kg"]),
        "expiry_date": S("Expiry date " + YMD),
        "storage_location": S("Where the reagent is stored. Optional.")},
       ["reagent_name", "quantity", "unit", "expiry_date"]),
    {"lab_inventory.add_reagent": {"reagent_name": ["acetonitrile"], "quantity": [500.0], "unit": ["mL"],
                                   "expiry_date": ["2028-06-30"], "storage_location": ["flammables cabinet 2"]}}))

# 23 parking
add(item("informal",
    "pay for parking in zone 4412, reg KM19 XTP, two and a half hours",
    fn("pay_for_parking",
       "Pay for an on-street parking session.",
       {"zone_code": S("Parking zone code shown on the signs."),
        "plate_number": S("Vehicle registration number."),
        "duration_minutes": I("Length of the session in minutes.")},
       ["zone_code", "plate_number", "duration_minutes"]),
    {"pay_for_parking": {"zone_code": ["4412"], "plate_number": ["KM19 XTP"], "duration_minutes": [150]}}))

# 24 seed library
add(item("informal",
    "hi, member S-0923 here. i'd like to borrow the Cherokee Purple, Black Krim and Green Zebra tomato seeds, 2 packets of each",
    fn("seed_library.borrow_seeds",
       "Borrow seed packets from the community seed library.",
       {"member_id": S("Seed library membership number."),
        "varieties": A("string", "Names of the varieties to borrow."),
        "packets_each": I("Number of packets of each variety. Default is 1.", default=1)},
       ["member_id", "varieties"]),
    {"seed_library.borrow_seeds": {"member_id": ["S-0923"],
                                   "varieties": [["Cherokee Purple", "Black Krim", "Green Zebra"],
                                                 ["Cherokee Purple tomato", "Black Krim tomato", "Green Zebra tomato"]],
                                   "packets_each": [2]}}))

# 25 board games
add(item("plain",
    "Suggest some board games for five players that take no more than 45 minutes and are suitable for a 10-year-old.",
    fn("find_board_games",
       "Search a board game database for games that fit a group.",
       {"player_count": I("Number of players."),
        "max_play_time_minutes": I("Longest acceptable playing time in minutes."),
        "youngest_player_age": I("Age of the youngest player; only games suitable for that age are returned. Optional."),
        "cooperative_only": B("Return only cooperative games. Default is false.", default=False)},
       ["player_count", "max_play_time_minutes"]),
    {"find_board_games": {"player_count": [5], "max_play_time_minutes": [45], "youngest_player_age": [10],
                          "cooperative_only": ["", False]}}))

# 26 climbing grades
add(item("informal",
    "whats a french 6c+ in yds?",
    fn("convert_climbing_grade",
       "Convert a rock climbing route grade from one grading system to another.",
       {"grade": S("The grade to convert, e.g. '5.10a' or '6b+'."),
        "from_system": S("Grading system of the given grade.", enum=["yds", "french", "uiaa", "british_tech"]),
        "to_system": S("Grading system to convert to.", enum=["yds", "french", "uiaa", "british_tech"])},
       ["grade", "from_system", "to_system"]),
    {"convert_climbing_grade": {"grade": ["6c+"], "from_system": ["french"], "to_system": ["yds"]}}))

# 27 textiles / weaving
add(item("plain",
    "I'm weaving four tea towels, each 70 cm long when finished. My loom waste is 60 cm and I allow 15% for take-up and shrinkage. How long should the warp be?",
    fn("calculate_warp_length",
       "Calculate the total warp length to wind for a weaving project.",
       {"finished_length_cm": F("Finished length of one piece, in centimetres."),
        "number_of_pieces": I("Number of pieces woven on the warp."),
        "loom_waste_cm": F("Loom waste, in centimetres."),
        "take_up_fraction": F("Allowance for take-up and shrinkage as a fraction, e.g. 0.1 for 10%.")},
       ["finished_length_cm", "number_of_pieces", "loom_waste_cm", "take_up_fraction"]),
    {"calculate_warp_length": {"finished_length_cm": [70.0], "number_of_pieces": [4], "loom_waste_cm": [60.0],
                               "take_up_fraction": [0.15]}}))

# 28 fisheries
add(item("informal",
    "log 312.5 kg of hake for vessel FR-207, caught 3 jan 2027 in rectangle 28E5",
    fn("log_fish_catch",
       "Record a catch in the electronic fishing logbook.",
       {"vessel_id": S("Vessel registration."),
        "species": S("Species caught."),
        "weight_kg": F("Live weight in kilograms."),
        "catch_date": S("Date of the catch " + YMD),
        "ices_rectangle": S("ICES statistical rectangle, e.g. '41E7'.")},
       ["vessel_id", "species", "weight_kg", "catch_date", "ices_rectangle"]),
    {"log_fish_catch": {"vessel_id": ["FR-207"], "species": ["hake"], "weight_kg": [312.5],
                        "catch_date": ["2027-01-03"], "ices_rectangle": ["28E5"]}}))

# 29 clock repair
add(item("plain",
    "I'm restoring a longcase clock. What pendulum length gives a full period of 2 seconds?",
    fn("calculate_pendulum_length",
       "Calculate the effective length of a simple pendulum for a given period.",
       {"period_seconds": F("Full period of one swing there and back, in seconds."),
        "gravity_m_s2": F("Local gravitational acceleration in metres per second squared. Default is 9.81.", default=9.81)},
       ["period_seconds"]),
    {"calculate_pendulum_length": {"period_seconds": [2.0], "gravity_m_s2": ["", 9.81]}}))

# 30 everyday: currency
add(item("informal",
    "how much is 12,500 yen in euros",
    fn("convert_currency",
       "Convert an amount of money between currencies at today's rate.",
       {"amount": F("Amount to convert."),
        "from_currency": S("ISO 4217 code of the currency to convert from, e.g. 'USD'."),
        "to_currency": S("ISO 4217 code of the currency to convert to.")},
       ["amount", "from_currency", "to_currency"]),
    {"convert_currency": {"amount": [12500.0], "from_currency": ["JPY"], "to_currency": ["EUR"]}}))

# 31 everyday: reminder
add(item("plain",
    "Remind me to repot the olive tree on 11 April 2027 at 10 in the morning.",
    fn("set_reminder",
       "Create a reminder that alerts the user at a given date and time.",
       {"message": S("What to remind the user about."),
        "date": S("Reminder date " + YMD),
        "time": S("Reminder time " + HM)},
       ["message", "date", "time"]),
    {"set_reminder": {"message": ["repot the olive tree", "repot olive tree"], "date": ["2027-04-11"],
                      "time": ["10:00"]}}))

# 32 beekeeping
add(item("informal",
    "log hive 7's inspection for 3 may 2027 - 6 frames of brood, saw the queen, bees a bit nervous",
    fn("log_hive_inspection",
       "Record the results of a beehive inspection.",
       {"hive_id": S("Hive identifier, e.g. '7' or 'H-12'."),
        "inspection_date": S("Date of the inspection " + YMD),
        "frames_of_brood": I("Number of frames with brood."),
        "queen_seen": B("Whether the queen was seen."),
        "temperament": S("Colony temperament. Optional.", enum=["calm", "nervous", "aggressive"])},
       ["hive_id", "inspection_date", "frames_of_brood", "queen_seen"]),
    {"log_hive_inspection": {"hive_id": ["7", "hive 7"], "inspection_date": ["2027-05-03"], "frames_of_brood": [6],
                             "queen_seen": [True], "temperament": ["nervous"]}}))

# 33 astronomy
add(item("informal",
    "wat phase will the moon be in on 19 august 2027",
    fn("get_moon_phase",
       "Get the phase and illumination of the Moon on a date.",
       {"date": S("Date " + YMD)},
       ["date"]),
    {"get_moon_phase": {"date": ["2027-08-19"]}}))

# 34 bird ringing
add(item("plain",
    "I found a dead blackcap wearing ring number LN47213 in my garden in Dorchester, Dorset on 28 October 2026. Please report the ring recovery.",
    fn("report_ring_recovery",
       "Report the finding of a ringed bird to the national ringing scheme.",
       {"ring_number": S("Number on the ring."),
        "species": S("Species of the bird."),
        "location": S("Place where the bird was found, e.g. town and county."),
        "date_found": S("Date the bird was found " + YMD),
        "condition": S("Condition of the bird when found.", enum=["alive_released", "dead", "injured"])},
       ["ring_number", "species", "location", "date_found", "condition"]),
    {"report_ring_recovery": {"ring_number": ["LN47213"], "species": ["blackcap"],
                              "location": ["Dorchester, Dorset", "Dorchester"], "date_found": ["2026-10-28"],
                              "condition": ["dead"]}}))

# 35 knitting
add(item("informal",
    "what's an old UK size 8 knitting needle in US sizes?",
    fn("convert_knitting_needle_size",
       "Convert a knitting needle size between sizing systems.",
       {"size": S("The needle size to convert, as written, e.g. '8' or '4.5'."),
        "from_system": S("System of the given size.", enum=["us", "uk_old", "metric_mm"]),
        "to_system": S("System to convert to.", enum=["us", "uk_old", "metric_mm"])},
       ["size", "from_system", "to_system"]),
    {"convert_knitting_needle_size": {"size": ["8"], "from_system": ["uk_old"], "to_system": ["us"]}}))

# 36 genealogy
add(item("plain",
    "Look for baptisms of anyone with the surname Trevithick in the parish of Camborne between 1760 and 1790.",
    fn("search_parish_records",
       "Search transcribed parish registers.",
       {"surname": S("Surname to search for."),
        "parish": S("Parish name."),
        "record_type": S("Type of register entry.", enum=["baptism", "marriage", "burial"]),
        "start_year": I("First year to search."),
        "end_year": I("Last year to search.")},
       ["surname", "parish", "record_type", "start_year", "end_year"]),
    {"search_parish_records": {"surname": ["Trevithick"], "parish": ["Camborne"], "record_type": ["baptism"],
                               "start_year": [1760], "end_year": [1790]}}))

# 37 cheese making
add(item("informal",
    "how much rennet for 18 litres of milk? the bottle says 2.5 ml per 10 litres",
    fn("cheese.rennet_dose",
       "Calculate how much liquid rennet to add to a batch of milk.",
       {"milk_liters": F("Volume of milk in litres."),
        "rennet_ml_per_10_liters": F("Rennet dosage in millilitres per 10 litres of milk, as printed on the bottle.")},
       ["milk_liters", "rennet_ml_per_10_liters"]),
    {"cheese.rennet_dose": {"milk_liters": [18.0], "rennet_ml_per_10_liters": [2.5]}}))

# 38 bookbinding
add(item("plain",
    "How many signatures will I need for a 192-page book if I fold 4 sheets into each signature?",
    fn("calculate_book_signatures",
       "Work out how many folded signatures a hand-bound book needs.",
       {"page_count": I("Total number of pages."),
        "sheets_per_signature": I("Number of sheets folded together in each signature."),
        "pages_per_sheet": I("Pages per folded sheet: 4 for folio, 8 for quarto. Default is 4.", default=4)},
       ["page_count", "sheets_per_signature"]),
    {"calculate_book_signatures": {"page_count": [192], "sheets_per_signature": [4], "pages_per_sheet": ["", 4]}}))

# 39 stained glass
add(item("informal",
    "how many sheets of glass do i need for 6 panels, each 45 cm wide by 60 cm high? assume 25% waste",
    fn("estimate_glass_sheets",
       "Estimate how many standard sheets of art glass are needed for a set of identical stained-glass panels.",
       {"panel_size": D("Size of one panel.",
                        {"width_cm": F("Panel width in centimetres."),
                         "height_cm": F("Panel height in centimetres.")},
                        ["width_cm", "height_cm"]),
        "panel_count": I("Number of panels."),
        "waste_fraction": F("Allowance for cutting waste as a fraction, e.g. 0.2 for 20%. Default is 0.2.", default=0.2)},
       ["panel_size", "panel_count"]),
    {"estimate_glass_sheets": {"panel_size": [{"width_cm": [45.0], "height_cm": [60.0]}], "panel_count": [6],
                               "waste_fraction": [0.25]}}))

# 40 meteorology
add(item("plain",
    "What was the total rainfall at the Armagh Observatory weather station from 1 November 2026 to 30 November 2026?",
    fn("get_historical_rainfall",
       "Get the total recorded rainfall at a weather station between two dates.",
       {"station_name": S("Weather station name."),
        "start_date": S("First day " + YMD),
        "end_date": S("Last day " + YMD),
        "unit": S("Unit for the total. Default is mm.", enum=["mm", "in"], default="mm")},
       ["station_name", "start_date", "end_date"]),
    {"get_historical_rainfall": {"station_name": ["Armagh Observatory", "Armagh"], "start_date": ["2026-11-01"],
                                 "end_date": ["2026-11-30"], "unit": ["", "mm"]}}))

# 41 cycling
add(item("informal",
    "gear inches for a 42 tooth chainring and 17 tooth cog on a 26 inch wheel?",
    fn("calculate_gear_inches",
       "Calculate the gear inches of a bicycle gear combination.",
       {"chainring_teeth": I("Teeth on the front chainring."),
        "cog_teeth": I("Teeth on the rear cog."),
        "wheel_diameter_inches": F("Wheel diameter in inches.")},
       ["chainring_teeth", "cog_teeth", "wheel_diameter_inches"]),
    {"calculate_gear_inches": {"chainring_teeth": [42], "cog_teeth": [17], "wheel_diameter_inches": [26.0]}}))

# 42 aquarium
add(item("plain",
    "My aquarium is 120 cm long, 45 cm wide and 50 cm tall, with 6 cm of gravel in the bottom. What's the actual water volume?",
    fn("calculate_aquarium_volume",
       "Calculate the water volume of a rectangular aquarium in litres.",
       {"length_cm": F("Inside length in centimetres."),
        "width_cm": F("Inside width in centimetres."),
        "height_cm": F("Inside height in centimetres."),
        "substrate_depth_cm": F("Depth of gravel or sand to subtract, in centimetres; 0 if none.")},
       ["length_cm", "width_cm", "height_cm", "substrate_depth_cm"]),
    {"calculate_aquarium_volume": {"length_cm": [120.0], "width_cm": [45.0], "height_cm": [50.0],
                                   "substrate_depth_cm": [6.0]}}))

# 43 museums
add(item("informal",
    "book a group tour at the Rijksmuseum for 14 people on 8 july 2027, in dutch please",
    fn("book_museum_group_tour",
       "Book a guided group tour at a museum.",
       {"museum_name": S("Name of the museum."),
        "tour_date": S("Date of the tour " + YMD),
        "group_size": I("Number of people in the group."),
        "language": S("Language of the guided tour. Default is English.", default="English")},
       ["museum_name", "tour_date", "group_size"]),
    {"book_museum_group_tour": {"museum_name": ["Rijksmuseum"], "tour_date": ["2027-07-08"], "group_size": [14],
                                "language": ["Dutch"]}}))

# 44 arboriculture
add(item("plain",
    "Estimate the age of an English oak with a trunk girth of 410 cm.",
    fn("estimate_tree_age",
       "Estimate the age of a living tree from its species and trunk girth.",
       {"species": S("Tree species, common or Latin name."),
        "girth_cm": F("Trunk circumference in centimetres, measured 1.5 m above the ground.")},
       ["species", "girth_cm"]),
    {"estimate_tree_age": {"species": ["English oak", "Quercus robur"], "girth_cm": [410.0]}}))

# 45 piano tuning
add(item("informal",
    "need my baby grand tuned at 14 Elm Row, Edinburgh on 20 jan 2027. it hasn't been touched in years so it'll need a pitch raise too",
    fn("schedule_piano_tuning",
       "Book a piano tuner visit.",
       {"address": S("Address where the piano is."),
        "tuning_date": S("Date of the visit " + YMD),
        "piano_type": S("Type of piano.", enum=["upright", "baby_grand", "grand"]),
        "pitch_raise": B("Whether a pitch raise is needed before fine tuning. Default is false.", default=False)},
       ["address", "tuning_date", "piano_type"]),
    {"schedule_piano_tuning": {"address": ["14 Elm Row, Edinburgh", "14 Elm Row"], "tuning_date": ["2027-01-20"],
                               "piano_type": ["baby_grand"], "pitch_raise": [True]}}))

# 46 ferries
add(item("plain",
    "Book the ferry from Oban to Craignure on 3 August 2027 for three passengers with a campervan.",
    fn("book_ferry",
       "Book a ferry crossing.",
       {"departure_port": S("Port of departure."),
        "arrival_port": S("Port of arrival."),
        "sailing_date": S("Date of the crossing " + YMD),
        "passengers": I("Number of passengers."),
        "vehicle": S("Vehicle travelling with the booking. Default is none.",
                     enum=["none", "car", "motorcycle", "campervan", "bicycle"], default="none")},
       ["departure_port", "arrival_port", "sailing_date", "passengers"]),
    {"book_ferry": {"departure_port": ["Oban"], "arrival_port": ["Craignure"], "sailing_date": ["2027-08-03"],
                    "passengers": [3], "vehicle": ["campervan"]}}))

# 47 laundry
add(item("informal",
    "can u book a dry cleaning pickup from 22 Carr Lane on 6 dec 2027? it's 5 items",
    fn("schedule_laundry_pickup",
       "Schedule a laundry or dry-cleaning collection from an address.",
       {"address": S("Collection address."),
        "pickup_date": S("Collection date " + YMD),
        "service": S("Service required.", enum=["wash_and_fold", "dry_cleaning", "ironing"]),
        "item_count": I("Number of items.")},
       ["address", "pickup_date", "service", "item_count"]),
    {"schedule_laundry_pickup": {"address": ["22 Carr Lane"], "pickup_date": ["2027-12-06"],
                                 "service": ["dry_cleaning"], "item_count": [5]}}))

# 48 sourdough
add(item("informal",
    "whats the hydration of a dough with 1,000 g flour, 720g water and 200 g starter? starter's 100% hydration",
    fn("calculate_dough_hydration",
       "Calculate the overall hydration of a bread dough, including the flour and water in the starter.",
       {"flour_grams": F("Flour in the final dough, in grams."),
        "water_grams": F("Water in the final dough, in grams."),
        "starter_grams": F("Weight of sourdough starter, in grams. Default is 0.0.", default=0.0),
        "starter_hydration_fraction": F("Hydration of the starter as a fraction, e.g. 1.0 for a 100% starter. Default is 1.0.", default=1.0)},
       ["flour_grams", "water_grams"]),
    {"calculate_dough_hydration": {"flour_grams": [1000.0], "water_grams": [720.0], "starter_grams": [200.0],
                                   "starter_hydration_fraction": ["", 1.0]}}))

# 49 swimming
add(item("plain",
    "Reserve a fast lane at Tooting Bec Lido on 12 June 2027 from 07:00 for 45 minutes.",
    fn("book_pool_lane",
       "Reserve a lane swimming slot at a pool.",
       {"pool_name": S("Name of the pool."),
        "session_date": S("Date " + YMD),
        "start_time": S("Start time " + HM),
        "duration_minutes": I("Length of the slot in minutes."),
        "lane_speed": S("Lane speed.", enum=["slow", "medium", "fast"])},
       ["pool_name", "session_date", "start_time", "duration_minutes", "lane_speed"]),
    {"book_pool_lane": {"pool_name": ["Tooting Bec Lido"], "session_date": ["2027-06-12"], "start_time": ["07:00"],
                        "duration_minutes": [45], "lane_speed": ["fast"]}}))

# 50 wine cellar
add(item("informal",
    "add 6 bottles of 2019 Chateau Musar to the cellar, bin C4",
    fn("add_wine_to_cellar",
       "Add bottles to the home wine cellar inventory.",
       {"producer": S("Producer or chateau."),
        "vintage": I("Vintage year."),
        "bottles": I("Number of bottles."),
        "bin_location": S("Rack or bin label. Optional.")},
       ["producer", "vintage", "bottles"]),
    {"add_wine_to_cellar": {"producer": ["Chateau Musar", "Château Musar"], "vintage": [2019], "bottles": [6],
                            "bin_location": ["C4"]}}))

# 51 health log
add(item("plain",
    "Log a blood pressure reading of 128 over 84 with a pulse of 71, taken on my left arm.",
    fn("log_blood_pressure",
       "Record a home blood pressure reading.",
       {"systolic": I("Systolic pressure in mmHg."),
        "diastolic": I("Diastolic pressure in mmHg."),
        "pulse_bpm": I("Pulse in beats per minute. Optional."),
        "arm": S("Arm used for the reading. Optional.", enum=["left", "right"])},
       ["systolic", "diastolic"]),
    {"log_blood_pressure": {"systolic": [128], "diastolic": [84], "pulse_bpm": [71], "arm": ["left"]}}))

# 52 surveying
add(item("informal",
    "driveway drops 1.8 m over 12 m horizontally, what's that in degrees",
    fn("calculate_slope",
       "Calculate the steepness of a slope from its rise and horizontal run.",
       {"rise_m": F("Vertical rise or drop in metres."),
        "run_m": F("Horizontal distance in metres."),
        "output": S("How to express the slope. Default is percent.", enum=["percent", "degrees", "ratio"], default="percent")},
       ["rise_m", "run_m"]),
    {"calculate_slope": {"rise_m": [1.8], "run_m": [12.0], "output": ["degrees"]}}))

# 53 electronics
add(item("plain",
    "What is the value of a resistor with bands yellow, violet, red and gold?",
    fn("decode_resistor_bands",
       "Decode the resistance and tolerance of a resistor from its colour bands.",
       {"bands": A("string", "Colour bands in order from left to right, in lower case.")},
       ["bands"]),
    {"decode_resistor_bands": {"bands": [["yellow", "violet", "red", "gold"]]}}))

# 54 music
add(item("informal",
    "transpose Am F C G up 3 semitones thx",
    fn("transpose_chords",
       "Transpose a chord progression by a number of semitones.",
       {"chords": A("string", "Chord symbols in order, e.g. 'Am', 'F#7'."),
        "semitones": I("Semitones to shift; positive is up, negative is down.")},
       ["chords", "semitones"]),
    {"transpose_chords": {"chords": [["Am", "F", "C", "G"]], "semitones": [3]}}))

# 55 solar
add(item("plain",
    "Estimate the daily output of eight 410-watt solar panels with 3.2 peak sun hours.",
    fn("estimate_solar_output",
       "Estimate the daily energy output of a solar panel array in kWh.",
       {"panel_watts": I("Rated power of one panel in watts."),
        "panel_count": I("Number of panels."),
        "peak_sun_hours": F("Average peak sun hours per day."),
        "system_loss_fraction": F("Combined system losses as a fraction. Default is 0.14.", default=0.14)},
       ["panel_watts", "panel_count", "peak_sun_hours"]),
    {"estimate_solar_output": {"panel_watts": [410], "panel_count": [8], "peak_sun_hours": [3.2],
                               "system_loss_fraction": ["", 0.14]}}))

# 56 archery
add(item("informal",
    "score this end for me: 10, 9, 9, 8, 7, 7",
    fn("score_archery_end",
       "Total an end of arrows and return running statistics.",
       {"arrow_scores": A("integer", "Score of each arrow in the end, in the order shot.")},
       ["arrow_scores"]),
    {"score_archery_end": {"arrow_scores": [[10, 9, 9, 8, 7, 7]]}}))

# 57 farrier
add(item("plain",
    "Please book the farrier to put a full set of shoes on Bramble on 25 March 2027.",
    fn("book_farrier",
       "Book a farrier visit for a horse.",
       {"horse_name": S("Name of the horse."),
        "visit_date": S("Date of the visit " + YMD),
        "service": S("Work required.", enum=["trim", "front_shoes", "full_set", "remedial"])},
       ["horse_name", "visit_date", "service"]),
    {"book_farrier": {"horse_name": ["Bramble"], "visit_date": ["2027-03-25"], "service": ["full_set"]}}))

# 58 library loans
add(item("informal",
    "renew the book with barcode 31207004456612 on my card 2900118844",
    fn("renew_library_loan",
       "Renew an item on loan from the public library.",
       {"card_number": S("Library card number."),
        "item_barcode": S("Barcode of the borrowed item.")},
       ["card_number", "item_barcode"]),
    {"renew_library_loan": {"card_number": ["2900118844"], "item_barcode": ["31207004456612"]}}))

# 59 calligraphy
add(item("plain",
    "For italic lettering with a 3.8 mm nib at 5 nib widths, what should the x-height be?",
    fn("calculate_x_height",
       "Calculate the x-height for broad-nib calligraphy.",
       {"nib_width_mm": F("Width of the nib in millimetres."),
        "nib_widths": F("X-height measured in nib widths. Default is 5.0.", default=5.0)},
       ["nib_width_mm"]),
    {"calculate_x_height": {"nib_width_mm": [3.8], "nib_widths": ["", 5.0]}}))

# 60 cross-stitch
add(item("informal",
    "pattern is 140 stitches wide and 98 high, on 14 count aida with 2 inch margins - what size fabric do i need",
    fn("calculate_cross_stitch_fabric",
       "Calculate the fabric size needed for a counted cross-stitch pattern.",
       {"stitches_wide": I("Pattern width in stitches."),
        "stitches_high": I("Pattern height in stitches."),
        "fabric_count": I("Fabric count in stitches per inch, e.g. 14 for 14-count Aida."),
        "margin_inches": F("Margin to leave on every side, in inches.")},
       ["stitches_wide", "stitches_high", "fabric_count", "margin_inches"]),
    {"calculate_cross_stitch_fabric": {"stitches_wide": [140], "stitches_high": [98], "fabric_count": [14],
                                       "margin_inches": [2.0]}}))

# 61 hydroponics
add(item("plain",
    "Convert a nutrient reading of 1,050 ppm on the 700 scale to EC.",
    fn("convert_ppm_to_ec",
       "Convert a nutrient solution reading in parts per million to electrical conductivity (mS/cm).",
       {"ppm": I("Reading in parts per million."),
        "conversion_scale": I("PPM scale used by the meter: 500 or 700.")},
       ["ppm", "conversion_scale"]),
    {"convert_ppm_to_ec": {"ppm": [1050], "conversion_scale": [700]}}))

# 62 firewood
add(item("informal",
    "woodpile is 4 m long and 1.2 m high, logs cut to 40 cm. how many cords is that roughly",
    fn("calculate_firewood_volume",
       "Calculate the volume of a stacked pile of firewood.",
       {"stack_length_m": F("Length of the stack in metres."),
        "stack_height_m": F("Height of the stack in metres."),
        "log_length_m": F("Length of the cut logs, i.e. the depth of the stack, in metres."),
        "output_unit": S("Unit of the result. Default is cubic_meters.", enum=["cubic_meters", "cords"], default="cubic_meters")},
       ["stack_length_m", "stack_height_m", "log_length_m"]),
    {"calculate_firewood_volume": {"stack_length_m": [4.0], "stack_height_m": [1.2], "log_length_m": [0.4],
                                   "output_unit": ["cords"]}}))

# 63 buses
add(item("plain",
    "Show the next 10 departures from bus stop 490008660N.",
    fn("get_bus_departures",
       "Get live departures from a bus stop.",
       {"stop_code": S("Bus stop code shown on the stop flag."),
        "max_results": I("Number of departures to return. Default is 5.", default=5),
        "route": S("Only show this route number. Optional.")},
       ["stop_code"]),
    {"get_bus_departures": {"stop_code": ["490008660N"], "max_results": [10], "route": [""]}}))

# 64 running
add(item("plain",
    "I want to run a half marathon, 21.1 km, in 1 hour 45 minutes. What pace per kilometre is that?",
    fn("calculate_running_pace",
       "Calculate the average pace per kilometre for a run.",
       {"distance_km": F("Distance in kilometres."),
        "finish_time_minutes": F("Target or actual finish time in minutes.")},
       ["distance_km", "finish_time_minutes"]),
    {"calculate_running_pace": {"distance_km": [21.1], "finish_time_minutes": [105.0]}}))

# 65 bill splitting
add(item("informal",
    "split 186.40 between seven of us and add a 12.5% tip",
    fn("split_bill",
       "Split a bill evenly between people, optionally adding a tip.",
       {"total_amount": F("Bill total before tip."),
        "number_of_people": I("Number of people paying."),
        "tip_fraction": F("Tip as a fraction of the total, e.g. 0.1 for 10%. Default is 0.0.", default=0.0)},
       ["total_amount", "number_of_people"]),
    {"split_bill": {"total_amount": [186.4], "number_of_people": [7], "tip_fraction": [0.125]}}))

# 66 amateur radio
add(item("plain",
    "Log a CW contact with G4XYZ on 7.032 MHz on 15 January 2027 at 21:47 UTC.",
    fn("ham_radio.log_qso",
       "Record a contact in the amateur radio logbook.",
       {"callsign": S("Callsign of the other station."),
        "frequency_mhz": F("Frequency in megahertz."),
        "mode": S("Operating mode.", enum=["SSB", "CW", "FT8", "FM", "AM"]),
        "qso_date": S("Date of the contact (UTC) " + YMD),
        "time_utc": S("Time of the contact in UTC, " + HM),
        "rst_sent": S("Signal report sent, e.g. '599'. Optional.")},
       ["callsign", "frequency_mhz", "mode", "qso_date", "time_utc"]),
    {"ham_radio.log_qso": {"callsign": ["G4XYZ"], "frequency_mhz": [7.032], "mode": ["CW"],
                           "qso_date": ["2027-01-15"], "time_utc": ["21:47"], "rst_sent": [""]}}))

# 67 geology
add(item("informal",
    "minerals betwen 5.5 and 6.5 on the mohs scale with a white streak?",
    fn("search_minerals_by_hardness",
       "Search a mineral database by Mohs hardness range.",
       {"min_mohs": F("Lowest Mohs hardness."),
        "max_mohs": F("Highest Mohs hardness."),
        "streak_color": S("Streak colour to filter by. Optional.")},
       ["min_mohs", "max_mohs"]),
    {"search_minerals_by_hardness": {"min_mohs": [5.5], "max_mohs": [6.5], "streak_color": ["white"]}}))

# 68 drones
add(item("plain",
    "Can I fly my drone at 52.2053, 0.1218 up to 120 metres? Please check the airspace.",
    fn("check_drone_airspace",
       "Check airspace restrictions for a drone flight at a location.",
       {"latitude": F("Latitude in decimal degrees."),
        "longitude": F("Longitude in decimal degrees."),
        "max_altitude_m": I("Planned maximum height above ground in metres.")},
       ["latitude", "longitude", "max_altitude_m"]),
    {"check_drone_airspace": {"latitude": [52.2053], "longitude": [0.1218], "max_altitude_m": [120]}}))

# 69 quilting
add(item("informal",
    "binding for a quilt 60 inches wide and 80 long, cutting 2.25 inch strips?",
    fn("quilt.calculate_binding",
       "Calculate how much binding fabric is needed to finish a quilt.",
       {"quilt_width_in": F("Quilt width in inches."),
        "quilt_length_in": F("Quilt length in inches."),
        "strip_width_in": F("Width of the cut binding strips in inches.")},
       ["quilt_width_in", "quilt_length_in", "strip_width_in"]),
    {"quilt.calculate_binding": {"quilt_width_in": [60.0], "quilt_length_in": [80.0], "strip_width_in": [2.25]}}))

# 70 veterinary booking
add(item("informal",
    "book Biscuit (my rabbit) in for his RHD2 jab on 4 march 2027",
    fn("schedule_pet_vaccination",
       "Book a vaccination appointment at the vet.",
       {"pet_name": S("Name of the pet."),
        "species": S("Species.", enum=["dog", "cat", "rabbit", "ferret"]),
        "vaccine": S("Vaccine name, e.g. 'DHPPi'."),
        "appointment_date": S("Date of the appointment " + YMD)},
       ["pet_name", "species", "vaccine", "appointment_date"]),
    {"schedule_pet_vaccination": {"pet_name": ["Biscuit"], "species": ["rabbit"], "vaccine": ["RHD2"],
                                  "appointment_date": ["2027-03-04"]}}))

# 71 tea
add(item("plain",
    "How should I brew a 400 ml mug of first flush Darjeeling, fairly strong?",
    fn("get_tea_brew_guide",
       "Get water temperature, leaf amount and steeping time for a tea.",
       {"tea_name": S("Name of the tea."),
        "cup_size_ml": I("Cup or mug size in millilitres. Default is 250.", default=250),
        "strength": S("Preferred strength. Default is medium.", enum=["light", "medium", "strong"], default="medium")},
       ["tea_name"]),
    {"get_tea_brew_guide": {"tea_name": ["first flush Darjeeling", "Darjeeling first flush", "Darjeeling"],
                            "cup_size_ml": [400], "strength": ["strong"]}}))

# 72 printing
add(item("informal",
    "print 3 copies of minutes_nov.pdf double sided, black and white",
    fn("print_document",
       "Send a document to a printer.",
       {"file_name": S("Name of the file to print."),
        "copies": I("Number of copies."),
        "double_sided": B("Print on both sides of the paper. Default is false.", default=False),
        "color": B("Print in colour; false means black and white. Default is true.", default=True),
        "printer_name": S("Printer to use. Optional; the default printer is used if omitted.")},
       ["file_name", "copies"]),
    {"print_document": {"file_name": ["minutes_nov.pdf"], "copies": [3], "double_sided": [True], "color": [False],
                        "printer_name": [""]}}))

# 73 cooking
add(item("plain",
    "How many grams is two and a half cups of plain flour?",
    fn("convert_cooking_units",
       "Convert a cooking quantity between units, using ingredient density for volume-to-weight conversions.",
       {"quantity": F("Amount to convert."),
        "from_unit": S("Unit to convert from, e.g. 'cup', 'tbsp', 'g', 'ml'."),
        "to_unit": S("Unit to convert to, e.g. 'cup', 'tbsp', 'g', 'ml'."),
        "ingredient": S("Ingredient, needed for volume-to-weight conversions. Optional.")},
       ["quantity", "from_unit", "to_unit"]),
    {"convert_cooking_units": {"quantity": [2.5], "from_unit": ["cup", "cups"], "to_unit": ["g", "gram", "grams"],
                               "ingredient": ["plain flour", "flour"]}}))

# 74 time zones
add(item("informal",
    "if it's 16:30 in Lisbon on 2 june 2027 what time is it in Auckland",
    fn("convert_time_zone",
       "Convert a local date and time from one time zone to another.",
       {"time": S("Local time " + HM),
        "date": S("Local date " + YMD),
        "from_timezone": S("IANA time zone name of the given time, e.g. 'Europe/London'."),
        "to_timezone": S("IANA time zone name to convert to.")},
       ["time", "date", "from_timezone", "to_timezone"]),
    {"convert_time_zone": {"time": ["16:30"], "date": ["2027-06-02"], "from_timezone": ["Europe/Lisbon"],
                           "to_timezone": ["Pacific/Auckland"]}}))

# 75 parcels
add(item("plain",
    "Where is my parcel? The tracking number is 1Z999AA10123456784 and it's coming with UPS.",
    fn("track_parcel",
       "Get the latest tracking status of a parcel.",
       {"tracking_number": S("Tracking number."),
        "carrier": S("Carrier name, e.g. 'DHL'. Optional; detected from the tracking number if omitted.")},
       ["tracking_number"]),
    {"track_parcel": {"tracking_number": ["1Z999AA10123456784"], "carrier": ["UPS"]}}))

# 76 translation agency
add(item("informal",
    "quote me for 3,250 words portuguese to english, it's a rush job",
    fn("quote_translation_job",
       "Get a price quote for a translation job.",
       {"word_count": I("Number of source words."),
        "source_language": S("Source language as an ISO 639-1 code."),
        "target_language": S("Target language as an ISO 639-1 code."),
        "rush": B("Whether the job is urgent. Default is false.", default=False)},
       ["word_count", "source_language", "target_language"]),
    {"quote_translation_job": {"word_count": [3250], "source_language": ["pt"], "target_language": ["en"],
                               "rush": [True]}}))

# 77 cartography: coordinates
add(item("plain",
    "Convert latitude 57.1497, longitude -2.0943 into an Ordnance Survey grid reference.",
    fn("convert_coordinates",
       "Convert a latitude/longitude position into a grid reference system.",
       {"latitude": F("Latitude in decimal degrees."),
        "longitude": F("Longitude in decimal degrees; west is negative."),
        "target_system": S("Grid system to convert to: 'utm', 'mgrs' or 'osgb' (Ordnance Survey National Grid).",
                           enum=["utm", "mgrs", "osgb"])},
       ["latitude", "longitude", "target_system"]),
    {"convert_coordinates": {"latitude": [57.1497], "longitude": [-2.0943], "target_system": ["osgb"]}}))

# 78 textile dyeing
add(item("informal",
    "how much dye powder for 350 g of wool at a 2% depth of shade?",
    fn("calculate_dye_amount",
       "Calculate the weight of dye powder for a dye bath.",
       {"fibre_weight_g": F("Dry weight of the fibre in grams."),
        "depth_of_shade_fraction": F("Depth of shade as a fraction of fibre weight, e.g. 0.02 for 2%.")},
       ["fibre_weight_g", "depth_of_shade_fraction"]),
    {"calculate_dye_amount": {"fibre_weight_g": [350.0], "depth_of_shade_fraction": [0.02]}}))

# 79 chess
add(item("plain",
    "Which opening has the ECO code B33?",
    fn("chess.get_opening_by_eco",
       "Look up a chess opening by its ECO classification code.",
       {"eco_code": S("Encyclopaedia of Chess Openings code, e.g. 'C42'.")},
       ["eco_code"]),
    {"chess.get_opening_by_eco": {"eco_code": ["B33"]}}))
