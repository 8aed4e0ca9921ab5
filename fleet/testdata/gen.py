#!/usr/bin/env python3
"""Writes the sample fleets (data/fleets) and the test fleets (testdata/fleets)
from the sample designs, so that embedded documents never drift from
data/samples. Run from the repository root: python3 fleet/testdata/gen.py"""
import copy, json, os

S = {}
for f in os.listdir('data/samples'):
    if f.endswith('.json'):
        S[f[:-5]] = json.load(open('data/samples/' + f))

def ship(id, sample, name=None, **kw):
    s = {"id": id}
    if name: s["name"] = name
    s["document"] = copy.deepcopy(S[sample]) if isinstance(sample, str) else sample
    s.update(kw)
    return s

def fleet(name, limit, ships, command=None, **kw):
    f = {"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": name, "limit": limit}
    f.update({k: v for k, v in kw.items() if k in ("description", "tierLimit")})
    f["ships"] = ships
    for k in ("squadrons",):
        if k in kw: f[k] = kw[k]
    if command is not None: f["command"] = command
    if "deployment" in kw: f["deployment"] = kw["deployment"]
    return f

def write(path, f):
    with open(path, 'w') as fh:
        json.dump(f, fh, indent=1, ensure_ascii=False)
        fh.write('\n')

def tesla():
    return fleet("Tesla Battle Squadron", {"cv": 460}, [
        ship("tesla", "iks-tesla", "IKS Tesla"),
        ship("avenger", "hims-avenger", "HIMS Avenger"),
        ship("clinton", "ss-clinton", "SS Clinton"),
        ship("newton", "uss-newton", "USS Newton"),
    ], [{"level": "squadron", "ship": "tesla", "ships": ["avenger", "clinton", "newton"]}],
        description="Sample fleet: the IKS Tesla leads one squadron; 453 CV, the same as the Cruiser Wing.")

def wing():
    return fleet("Cruiser Wing", {"cv": 460}, [
        ship("cruiser", "reference-cruiser", "Reference Cruiser"),
        ship("dragon", "its-dragon", "ITS Dragon"),
        ship("einstein", "uss-einstein", "USS Einstein"),
        ship("thunderchild", "hms-thunderchild", "HMS Thunderchild"),
    ], [{"level": "wing", "ship": "cruiser", "ships": ["dragon"],
         "commands": [{"level": "squadron", "ship": "einstein", "ships": ["thunderchild"]}]}],
        description="Sample fleet: a wing of the Reference Cruiser, whose squadron leader is the USS Einstein; 453 CV, the same as the Tesla Battle Squadron.")

os.makedirs('data/fleets', exist_ok=True)
write('data/fleets/tesla-battle-squadron.json', tesla())
write('data/fleets/cruiser-wing.json', wing())

# Test fleets: legal ones, then one per error rule breaking only that rule.
T = 'testdata/fleets/'
os.makedirs(T, exist_ok=True)
write(T + 'tesla-battle-squadron.json', tesla())
write(T + 'cruiser-wing.json', wing())

# A carrier whose bay is left open, an FTL squadron type, a ship without FTL
# towed by the SS Clinton (grappler 5, mass factor 12), and a deployment.
carrier = copy.deepcopy(S['uss-einstein'])
carrier['name'] = 'Einstein Escort Carrier'
for b in carrier['hangarBays']:
    b.pop('loadout', None)
for sq in carrier['starfighters']:
    if sq['id'] == 'lancer':
        sq['qualities'] = ['ftl']
nonftl = copy.deepcopy(S['uss-newton'])
nonftl['name'] = 'Newton Monitor'
for sec in nonftl['sections'].values():
    sec['systems'] = [s for s in sec.get('systems', []) if not s['kind'].startswith('ftl')]
lancer = next(sq for sq in carrier['starfighters'] if sq['id'] == 'lancer')

def task_force():
    return fleet("Carrier Task Force", {"points": 1200}, [
        ship("tesla", "iks-tesla", "IKS Tesla"),
        ship("carrier", copy.deepcopy(carrier), "USS Curie", loadout={"flight-deck": {"lancer": 2, "warden": 2}}, crewQuality=2, commandQuality="D3"),
        ship("clinton", "ss-clinton", "SS Clinton"),
        ship("monitor", copy.deepcopy(nonftl), "USS Hooke", towedBy="clinton"),
    ], [{"level": "squadron", "ship": "tesla", "ships": ["carrier", "clinton", "monitor"]}],
        tierLimit=3,
        squadrons=[{"id": "strike", "definition": copy.deepcopy(lancer), "count": 3, "crewQuality": 2, "commandQuality": "D3", "assignedTo": "carrier"}],
        deployment={"encounter": "flank", "role": "attacker", "zones": {"main": ["tesla", "carrier"], "flank": ["clinton", "monitor"]}})

write(T + 'carrier-task-force.json', task_force())

def bad(rule, f):
    write(T + rule + '.json', f)

f = tesla(); f["name"] = ""; bad("F-DOC-01", f)
f = tesla(); f["ships"][1]["id"] = "tesla"; f["command"][0]["ships"] = ["clinton", "newton"]; bad("F-DOC-02", f)
f = tesla(); f["ships"][0].pop("document"); f["ships"][0]["design"] = "nowhere"; f["ships"][0]["version"] = 1; f["command"] = []; bad("F-REF-01", f)
f = tesla(); f["limit"] = {"cv": 400}; bad("F-01", f)
f = tesla(); f["tierLimit"] = 2; bad("F-02", f)
f = wing(); f["command"][0]["ships"] = ["dragon", "thunderchild"]; f["command"][0]["commands"][0]["ships"] = []; bad("F-03", f)
f = wing(); f["command"][0]["level"] = "division"; bad("F-04", f)
f = task_force(); f["ships"][1]["loadout"] = {"flight-deck": {"lancer": 3, "warden": 2}}; bad("F-06", f)
f = task_force(); f["deployment"]["zones"] = {"main": ["tesla", "clinton", "monitor"], "flank": ["carrier"]}; f["deployment"]["encounter"] = "surrounded"; f["deployment"]["zones"] = {"main": ["tesla", "clinton", "monitor"], "leftFlank": ["carrier"]}; bad("F-08", f)
