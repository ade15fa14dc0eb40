"""Writes bench/data/travel_insurance.jsonl and its labels (labels written before any run)."""

import json
from pathlib import Path

S = {
    "cover-cancellation": (
        "Cancellation cover",
        "Cancellation cover\n\nWe cover cancellation costs up to £5,000 per person if you cancel because you, "
        "a travelling companion or a close relative falls ill, is injured or dies. You must buy the policy at "
        "least 14 days before you travel for cancellation cover to apply from the start. Cancellations because "
        "you change your mind, or because of a disinclination to travel, are not covered. Claims must be made "
        "within 31 days of the cancellation.",
    ),
    "cover-medical": (
        "Emergency medical expenses",
        "Emergency medical expenses\n\nEmergency medical treatment abroad is covered up to £10 million. "
        "Pre-existing medical conditions are covered only if you declared them and we accepted them in writing. "
        "Dental treatment is limited to £300 and must be for the immediate relief of pain. Repatriation to the "
        "UK is covered when our medical team agrees it is necessary.",
    ),
    "cover-baggage": (
        "Baggage",
        "Baggage\n\nLost, stolen or damaged baggage is covered up to £1,500 in total, with a limit of £300 for "
        "any single item. Valuables left unattended in a car are not covered. If your baggage is delayed for "
        "more than 12 hours on the outward journey, we pay £50 for every 12 hours, up to £250, for essential items.",
    ),
    "cover-excess": (
        "Excess",
        "Excess\n\nAn excess of £100 applies to each person for each section of a claim. The excess does not "
        "apply to delayed baggage claims. You can remove the excess by buying the Excess Waiver add-on for £15 "
        "per policy.",
    ),
    "cover-sports": (
        "Sports and activities",
        "Sports and activities\n\nThe standard policy covers skiing on piste only. Off-piste skiing is covered "
        "with the Winter Sports add-on when you ski with a qualified guide. Scuba diving is covered to a depth of "
        "30 metres if you hold a PADI Open Water certificate; without it, only to 18 metres. Motorcycling is "
        "covered for engines up to 125cc if you wear a helmet.",
    ),
    "claims-process": (
        "Making a claim",
        "Making a claim\n\nTo claim, fill in the online claim form and upload your receipts. Police reports are "
        "needed for theft and must be obtained within 24 hours of discovering the loss. Most claims are settled "
        "within 10 working days of us receiving all the documents. We pay by bank transfer only.",
    ),
}

A = [
    (
        "T-01",
        "Is cancellation covered if my mum is ill?",
        "Cancellation costs are covered up to £5,000 per person if a close relative falls ill [1]. You need to buy the policy at least 14 days before you travel [1].",
        ["cover-cancellation"],
        [("up to £5,000 per person", "stated"), ("at least 14 days before", "stated")],
    ),
    (
        "T-02",
        "Can I cancel if I don't feel like going?",
        "If you simply change your mind, you can still claim for cancellation [1].",
        ["cover-cancellation"],
        [("change your mind", "contradicted")],
    ),
    (
        "T-03",
        "How long do I have to claim for a cancellation?",
        "Claims for cancellation must be made within 14 days of cancelling [1].",
        ["cover-cancellation"],
        [("within 14 days of cancelling", "contradicted")],
    ),
    (
        "T-04",
        "What medical costs are covered?",
        "Emergency medical treatment abroad is covered up to £10 million [1]. Dental treatment is covered up to £500 [1].",
        ["cover-medical"],
        [("£10 million", "stated"), ("Dental treatment is covered up to £500", "contradicted")],
    ),
    (
        "T-05",
        "Am I covered for my asthma?",
        "Pre-existing conditions are always covered [1].",
        ["cover-medical"],
        [("always covered", "contradicted")],
    ),
    (
        "T-06",
        "Will you fly me home if I'm hurt?",
        "Repatriation to the UK is covered when our medical team agrees it is necessary [1], and it usually takes two days [1].",
        ["cover-medical"],
        [("Repatriation to the UK is covered", "stated"), ("usually takes two days", "absent")],
    ),
    (
        "T-07",
        "How much baggage cover do I have?",
        "Baggage is covered up to £1,500 in total, and single items up to £300 [1].",
        ["cover-baggage"],
        [("£1,500 in total", "stated"), ("single items up to £300", "stated")],
    ),
    (
        "T-08",
        "Is my camera covered if I leave it in the car?",
        "Valuables left in a car are covered if the car is locked [1].",
        ["cover-baggage"],
        [("covered if the car is locked", "contradicted")],
    ),
    (
        "T-09",
        "What if my suitcase is late?",
        "If your baggage is delayed for more than 12 hours, we pay £50 for every 12 hours [1]. The most we pay for delayed baggage is £250 [1].",
        ["cover-baggage"],
        [
            ("£50 for every 12 hours", "stated"),
            ("most we pay for delayed baggage is £250", "stated"),
        ],
    ),
    (
        "T-10",
        "Is there an excess?",
        "An excess of £100 applies to each person for each section of a claim [1], but it does not apply to delayed baggage [1].",
        ["cover-excess"],
        [("excess of £100 applies", "stated"), ("does not apply to delayed baggage", "stated")],
    ),
    (
        "T-11",
        "Can I get rid of the excess?",
        "You can remove the excess by buying the Excess Waiver add-on for £25 per policy [1].",
        ["cover-excess"],
        [("Excess Waiver add-on for £25", "contradicted")],
    ),
    (
        "T-12",
        "Am I covered off piste?",
        "Off-piste skiing is covered with the Winter Sports add-on when you ski with a qualified guide [1].",
        ["cover-sports"],
        [("Off-piste skiing is covered", "stated")],
    ),
    (
        "T-13",
        "How deep can I dive?",
        "Scuba diving is covered to a depth of 30 metres without a certificate [1].",
        ["cover-sports"],
        [("30 metres without a certificate", "contradicted")],
    ),
    (
        "T-14",
        "Can I hire a motorbike?",
        "Motorcycling is covered for engines up to 250cc [1].",
        ["cover-sports"],
        [("engines up to 250cc", "contradicted")],
    ),
    (
        "T-15",
        "How do theft claims work?",
        "Police reports for theft must be obtained within 24 hours [1]. All claims are settled within 10 working days [1].",
        ["claims-process"],
        [("within 24 hours", "stated"), ("All claims are settled", "absent")],
    ),
    (
        "T-16",
        "How will I be paid?",
        "We pay claims by bank transfer or cheque [1].",
        ["claims-process"],
        [("bank transfer or cheque", "partial")],
    ),
    (
        "T-17",
        "What are the dental limit and the excess?",
        "Dental treatment is limited to £300 and an excess of £100 applies to each person [1][2].",
        ["cover-medical", "cover-excess"],
        [("Dental treatment is limited to £300", "stated")],
    ),
    (
        "T-18",
        "Do I need a certificate to dive?",
        "Scuba diving to 30 metres needs a PADI Open Water certificate [1].",
        ["claims-process", "cover-sports"],
        [("PADI Open Water certificate", "absent")],
    ),
    (
        "T-19",
        "How fast are claims paid?",
        "Most claims are settled within 10 working days of us receiving all the documents [1].",
        ["claims-process"],
        [("Most claims are settled", "stated")],
    ),
    (
        "T-20",
        "How do I start a claim?",
        "You must fill in the online claim form and upload your receipts [1].",
        ["claims-process"],
        [("online claim form", "stated")],
    ),
]

records, labels = [], {}
for aid, question, response, cited, expected in A:
    sources = [
        {"id": k, "title": S[k][0], "origin": "policy-wording", "text": S[k][1]} for k in cited
    ]
    records.append({"id": aid, "question": question, "response": response, "sources": sources})
    labels[aid] = [{"claim": c, "label": label} for c, label in expected]
Path("bench/data/travel_insurance.jsonl").write_text(
    "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
)
Path("bench/data/travel_insurance_labels.json").write_text(
    json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
)
