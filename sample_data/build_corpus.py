"""Build ``sample_data/answers.jsonl``, the demo corpus of Hearthstead Home (a fictional retailer).

The sources and answers below are hand-written. Every ``span`` and ``evidence`` offset is
computed here with ``str.find`` of a quoted passage that must occur exactly once, and every
line is validated with ``groundtui.models.Answer`` before anything is written.

Run from the repository root::

    .venv/bin/python sample_data/build_corpus.py

The package never imports this script; it only reads the JSONL it writes.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from groundtui.models import Answer  # noqa: E402

OUT = HERE / "answers.jsonl"
JUDGE = "atlas-judge-v1"

PS = "plausible_specifics"
BI = "bridging_inference"
CG = "confident_generalisation"
FP = "fabricated_provenance"

# --------------------------------------------------------------------------------------
# Sources. The key is the source id, or "id@version" for a superseded version of one.
# --------------------------------------------------------------------------------------

SOURCES: dict[str, dict[str, str]] = {}


def source(key: str, title: str, origin: str, updated_at: str, text: str) -> None:
    text = text.strip("\n")
    assert 300 <= len(text) <= 2000, (key, len(text))
    assert not any(line != line.rstrip() for line in text.split("\n")), key
    SOURCES[key] = {
        "id": key.split("@")[0],
        "title": title,
        "origin": origin,
        "text": text,
        "updated_at": updated_at,
    }


# ---- help-centre ----------------------------------------------------------------------

source(
    "hc-returns",
    "Returns and refunds",
    "help-centre",
    "2026-06-12",
    """
Returns and refunds

You can return most Hearthstead Home items within 30 days of delivery for a full refund, as long as they are unused and in their original condition. Members of Hearth Rewards at Blaze tier get 60 days.

Mattresses, pillows and bedding can only be returned within 14 days, and only if the protective wrapping is unopened. The Linden Hybrid mattress is covered by its own 100-night trial instead.

Made-to-order items from our Custom Upholstery range cannot be returned unless they are faulty or not as described.

How to return
Small items can be returned free of charge at any Hearthstead Home store or by post using the prepaid label in your account. For large items we collect from your home: collection costs £29, which is deducted from your refund. Collection is free if the item is faulty.

All returns are inspected at our returns centre at Kestrel Park, Northampton. We refund the original payment method within 5 working days of the item arriving there. Delivery charges are refunded only if you return the whole order.

Your statutory rights are not affected.
""",
)

source(
    "hc-delivery",
    "Delivery options and charges",
    "help-centre",
    "2026-09-01",
    """
Delivery options and charges

Small items (anything that fits in a parcel up to 30 kg) are sent from our Millbrook distribution centre by tracked courier. Standard delivery costs £4.95 and is free on orders over £50. Small items arrive in 3 to 5 working days.

Large items such as sofas, beds, wardrobes and dining tables are delivered by our own two-person team from Kestrel Park. Two-person delivery costs £39 and is free on orders over £499. Large items arrive in 7 to 14 working days; made-to-order Custom Upholstery takes 8 to 10 weeks.

Named-day delivery is available for large items for an extra £12. We deliver Monday to Saturday between 7am and 7pm, and text you a 2-hour time slot the evening before.

Deliveries to the Scottish Highlands, the Isle of Man and the Scottish islands carry a £25 surcharge and can take up to 5 extra working days. We do not currently deliver to the Channel Islands or Northern Ireland.

Our team will place large items in the room of your choice but cannot remove doors or windows, or carry items up a ladder.
""",
)

source(
    "hc-warranty",
    "Guarantees on furniture",
    "help-centre",
    "2026-04-20",
    """
Guarantees on furniture

Every piece of Hearthstead Home furniture comes with a 2-year guarantee against manufacturing defects, starting on the day it is delivered.

Sofa and armchair frames carry a longer 10-year frame guarantee, covering the wooden frame and the springs but not cushions, fabric or legs. Mattresses are guaranteed for 5 years against sagging deeper than 3 cm.

The guarantee does not cover normal wear and tear, fabric pilling, fading from sunlight, pet damage, or damage caused by incorrect assembly or misuse.

To make a claim, fill in the guarantee form in your account with your order number and at least 3 photos of the fault. Our product care team assesses every claim within 10 working days. If the fault is covered, we will repair, replace or refund the item, at our discretion. Repairs are carried out in your home by our partner Fixwell.

If you bought our CarePlus extended protection, accidental stains and damage are covered for 5 years; see your CarePlus certificate for details.
""",
)

source(
    "hc-assembly",
    "Assembly service",
    "help-centre",
    "2026-05-02",
    """
Assembly service

Most Hearthstead Home flat-pack furniture comes with the tools you need and step-by-step instructions. If you would rather not build it yourself, our assembly partner Fixwell can do it for you.

Assembly costs £45 for the first item and £25 for each additional item in the same order. You can add assembly at checkout, or up to 48 hours before your delivery date by calling 0330 123 4580.

The Fixwell fitter arrives with, or shortly after, your two-person delivery, and takes the packaging away at no extra charge. Wall-fixing is included for wardrobes and bookcases taller than 150 cm, which must be anchored to the wall.

Assembly is not available for Click & Collect orders or for orders delivered to the Scottish islands.

If assembly is booked and our fitter cannot complete it, for example because a part is missing, we refund the assembly fee in full and rebook a visit free of charge.
""",
)

source(
    "hc-payment",
    "Ways to pay",
    "help-centre",
    "2026-02-14",
    """
Ways to pay

We accept Visa, Mastercard, American Express, PayPal, Apple Pay and Hearthstead Home gift cards. We do not accept cheques or cash on delivery.

Klarna: split any order between £30 and £1,500 into 3 interest-free payments. The first payment is taken when you order and the other two at 30 and 60 days.

Hearthstead Home Finance (provided by Ashby Finance Ltd): on orders over £750 you can spread the cost over 12 months at 0% APR with no deposit. Longer plans over 24 or 36 months are available at 19.9% APR representative. Finance is subject to status and is available to UK residents aged 18 and over.

Your card is charged when you place the order, except for made-to-order Custom Upholstery, where we take a 30% deposit at order and the balance when your item is ready to dispatch.

Gift cards cannot be used to pay towards a finance agreement.
""",
)

source(
    "hc-loyalty",
    "Hearth Rewards",
    "help-centre",
    "2026-07-01",
    """
Hearth Rewards

Hearth Rewards is free to join. You earn 1 point for every £1 you spend online or in store, and every 100 points becomes a £5 voucher, sent by email on the first day of each month.

There are three tiers, based on the points you earn in a calendar year:
- Ember: everyone starts here.
- Flame: 500 points or more. Free standard delivery on every order and a £10 birthday voucher.
- Blaze: 1,500 points or more. Everything in Flame, plus free two-person delivery, 60-day returns and early access to the Winter Sale.

Your tier is reviewed on 1 January and lasts for the whole following year. Points expire 24 months after they were earned. Points are not earned on delivery charges, assembly, gift cards or CarePlus.

Vouchers are valid for 3 months and can be used online or in store, one per order.
""",
)

source(
    "hc-price-promise",
    "Our price promise",
    "help-centre",
    "2026-03-20",
    """
Our price promise

If you find an identical item cheaper at another UK retailer within 14 days of buying it from us, we will refund the difference.

The item must be the same brand, model, size and colour, in stock, and available to buy online or in a store in the UK. The competitor's price must include delivery.

We do not match prices from marketplace sellers, auction sites, outlet stores, member-only prices or clearance sales, and we do not match prices during our Winter Sale or on Black Friday.

To claim, send a link or a photo of the competitor's price to our customer care team with your order number. We refund the difference to your original payment method, usually within 3 working days of approving the claim. The price promise applies to one claim per item.
""",
)

source(
    "hc-click-collect",
    "Click & Collect",
    "help-centre",
    "2026-01-15",
    """
Click & Collect

Click & Collect is free from all 42 Hearthstead Home stores.

Small items that are in stock at your chosen store are usually ready within 2 hours; we will email you when your order is waiting. Items coming from our Millbrook distribution centre are ready in 2 to 4 working days. Large items can be collected from our 9 large-format stores only, 5 to 7 working days after ordering.

Bring your order confirmation email and a photo ID. If someone else is collecting for you, they need the order number and their own photo ID.

We hold orders for 7 days. If an order is not collected, we cancel it and refund you in full within 5 working days.

Our colleagues can help load your car, but we cannot lend vans or roof straps.
""",
)

source(
    "hc-fabric-samples",
    "Fabric samples and Custom Upholstery",
    "help-centre",
    "2026-05-30",
    """
Fabric samples and Custom Upholstery

You can order up to 6 free fabric samples at a time. Samples are posted second class and usually arrive in 2 to 3 working days. There's no need to return them.

Custom Upholstery lets you choose the fabric, leg finish and cushion filling for the Alder and Harrow ranges. Each piece is made to order in our workshop in Burnley and takes 8 to 10 weeks to arrive.

Custom Upholstery orders can be cancelled free of charge within 14 days of ordering. After that we have started cutting your fabric, and a cancellation fee of 25% of the order value applies.

Because these pieces are made for you, they cannot be returned unless they are faulty or not as described. We recommend checking fabric samples in daylight before ordering.
""",
)

source(
    "hc-damaged",
    "Damaged or missing items",
    "help-centre",
    "2026-04-03",
    """
Damaged or missing items

Please check your delivery as soon as it arrives. If anything is damaged or missing, tell us within 48 hours of delivery through the 'Report a problem' link in your order, with photos of the damage and of the packaging.

For a missing part or a damaged panel, we send a replacement part free of charge, usually within 5 working days. If the item itself is badly damaged, we will collect it and send a replacement, or refund you in full if you prefer.

If the two-person team notices damage while unpacking, they will note it on the delivery record and you can refuse the item there and then.

Problems reported more than 48 hours after delivery are handled under our 2-year guarantee instead, which may take longer to assess.
""",
)

source(
    "hc-order-changes",
    "Changing or cancelling an order",
    "help-centre",
    "2026-06-30",
    """
Changing or cancelling an order

You can change the delivery address or date, or cancel your order, free of charge until it is dispatched. Orders for small items are usually dispatched within 24 hours; large items are dispatched 2 days before the delivery date.

Once an order has been dispatched you can refuse it at the door or return it under our returns policy.

Custom Upholstery orders follow different rules: they can be cancelled free of charge within 14 days of ordering, and a 25% cancellation fee applies after that.

To change an order, go to 'My orders' in your account or call our customer care team on 0330 123 4567, Monday to Friday 8am to 8pm and Saturday 9am to 5pm.
""",
)

source(
    "hc-take-back",
    "Taking away your old furniture",
    "help-centre",
    "2026-08-11",
    """
Taking away your old furniture

When we deliver a new sofa, armchair, bed or mattress, our two-person team can take away your old one. The take-back service costs £35 per item and must be booked at least 72 hours before delivery.

We can only take items of the same type as the ones we are delivering, for example an old sofa when we deliver a new sofa. Items must be in one piece, dry and free of pests. Sofas and armchairs must have their fire-safety label attached.

Everything we collect goes to our partner Second Rest, who reuse or recycle it; in 2025 they kept 12,400 items out of landfill.

Take-back is not available with Click & Collect orders or on deliveries to the Scottish islands.
""",
)

# ---- pdf-archive (OCR text of scanned PDFs, kept as the OCR left it) --------------------

source(
    "pdf-terms-2024",
    "Terms and Conditions of Sale (2024 edition)",
    "pdf-archive",
    "2024-02-01",
    """
HEARTHSTEAD HOME LTD — TERMS AND CONDITIONS OF SALE
2024 edition

4. Returns

4.1 You may return any item, other than made-to-order goods, within 28 days of deliv-
ery for a full refund, provided it is unused and in its original packaging.

4.2 Mattresses and bedding may be returned only if the hygiene seal is un-
broken.

4.3 Where we collect a large item, a collection charge of £25 will be deducted
from your refund unless the item is faulty.

4.4 Returned items are inspected before a refund is con-
ﬁrmed.

— 7 —

5. Cancellation

5.1 Under the Consumer Contracts Regulations 2013 you have a statutory right to can-
cel an online order within 14 days of receiving the goods, without giving any reason.

5.2 Refunds will be made within 14 days of our receiving the returned goods, using the same method of pay-
ment.

6. Our liability

6.1 Nothing in these terms limits our liability for death or personal injury caused by our negli-
gence. We are not responsible for losses that were not foreseeable when the contract was made.

Hearthstead Home Ltd, registered in England and Wales no. 08812345, Unit 4, Kestrel Park, North-
ampton NN4 7QE.
""",
)

source(
    "pdf-alder-care",
    "Alder Sofa — Care & Guarantee Booklet",
    "pdf-archive",
    "2025-03-10",
    """
ALDER SOFA COLLECTION
Care & Guarantee Booklet

2

Thank you for choosing an Alder sofa. Its frame is made from kiln-dried FSC®-certiﬁed beech and is guaranteed for 10 years. Cushions, fabric and legs are covered by the standard 2-year guarantee.

Caring for your cushions
Plump seat and back cushions every day and turn them over every 2 weeks so they wear evenly. Feather-wrapped cushions will soften and ﬂatten slightly with use; this is normal and not a fault.

Cleaning
Alder fabrics carry cleaning code W: spot clean with a damp cloth and a mild, water-based upholstery cleaner. Do not use solvents, bleach or a hair dryer. Covers are not removable and must not be machine washed.

3

Position your sofa at least 30 cm away from radiators and out of direct sun-
light to prevent fading, which is not covered by the guarantee.

If you need help, contact our product care team with your order number; please have your sofa's serial number to hand. It is printed on the white label under the seat deck.
""",
)

source(
    "pdf-fenwick-assembly",
    "Fenwick Extending Dining Table — Assembly Instructions",
    "pdf-archive",
    "2023-11-05",
    """
FENWICK EXTENDING DINING TABLE
Assembly Instructions    Model FW-180

Two people are needed. Allow about 45 minutes. Tools included: 6 mm Allen key. You will also need a cross-head screwdriver (not supplied).

Parts
A  Table top (1)      B  Legs (4)      C  Extension leaf (1)
D  M8 bolts x 60 mm (8)    E  Washers (8)    F  Leaf storage clips (2)

Step 1  Lay the table top face down on the carton, on a clean, ﬂat ﬂoor.
Step 2  Attach each leg (B) with 2 bolts (D) and washers (E). Do not fully tighten until all four legs are in place.
Step 3  Turn the table over with two people. Never lift by the extension leaf.

— 4 —

The table seats 6 people closed (180 cm) and 8 people extended (230 cm). Maximum load 60 kg, evenly distributed.

Re-tighten the bolts after 2 weeks and then every 6 months. Oiled oak ﬁnishes should be re-oiled every 6 to 12 months with Hearthstead Hard Wax Oil.
""",
)

source(
    "pdf-mattress-trial",
    "Linden Hybrid Mattress — 100-Night Trial",
    "pdf-archive",
    "2025-09-01",
    """
LINDEN HYBRID MATTRESS
Your 100-Night Trial

Sleep on it for up to 100 nights. If it isn't right for you, we'll collect it free of charge and give you a full refund.

How the trial works
• Your trial starts on the day your mattress is delivered.
• Please keep it for at least 30 nights before asking for a return: it takes your body that long to adjust to a new mattress.
• Use a mattress protector throughout. Mattresses returned stained or damaged will not be accepted.
• One trial per household. Exchanges for a different ﬁrmness count as your trial.

What happens to returned mattresses
Returned mattresses are never resold. They are donated to our partner Second Rest, or recycled.

— 2 —

The Linden Hybrid has 1,200 individually pocketed springs and a 5-year guarantee. It is available in Single, Double, King and Super King, in Medium and Firm.

To start a return, call 0330 123 4567 and quote your order num-
ber.
""",
)

source(
    "pdf-store-returns",
    "Returns at the till: colleague procedure (rev. 3)",
    "pdf-archive",
    "2023-06-19",
    """
HEARTHSTEAD HOME — STORE OPERATIONS
Returns at the till: colleague procedure (rev. 3, June 2023)

INTERNAL — NOT FOR CUSTOMERS

1. Check the receipt or order conﬁrmation. Without proof of purchase, offer an exchange or a gift card for the lowest selling price in the last 30 days.
2. Check the date. Standard returns are accepted up to 30 days after delivery.
3. Goodwill: a store manager may approve a refund up to 45 days after delivery if the item is unused. Record the reason in the till log (code GW).
4. Large items cannot be returned in store. Book a collection via the customer care portal.

— 11 —

5. Refund to the original payment method. Card refunds take 3 to 5 working days to reach the customer's account.
6. Damaged returns: do not refund at the till. Raise a product care case and give the customer the case reference.
""",
)

source(
    "pdf-sustainability",
    "Sustainability Report 2025",
    "pdf-archive",
    "2026-04-22",
    """
HEARTHSTEAD HOME
Sustainability Report 2025

Highlights

87% of the wood in our furniture was FSC®-certiﬁed or recycled in 2025, up from 71% in 2023.

Our take-back partner Second Rest kept 12,400 items of furniture and 3,100 mattresses out of landﬁll.

All deliveries from our Millbrook distribution centre within 30 miles now use electric vans.

— 14 —

Our targets

We aim to reach net zero in our own operations (Scope 1 and 2) by 2030, and across our supply chain by 2040. By the end of 2027 every sofa in the Alder range will use recycled polyester ﬁbre ﬁlling.

Packaging: 94% of our packaging by weight is recyclable; we removed polystyrene from all ﬂat-pack products in 2024.
""",
)

# ---- email-export (support emails, with quoted replies, signatures and disclaimers) -----

source(
    "email-fenwick-delay",
    "RE: Where is my Fenwick table? Order HS-4471902",
    "email-export",
    "2026-10-21",
    """
From: Priya Natarajan <care@hearthsteadhome.co.uk>
To: Tom Avery
Date: 21 October 2026 14:02
Subject: RE: Where is my Fenwick table? Order HS-4471902

Hi Tom,

I'm sorry your Fenwick extending dining table didn't arrive on 17 October as planned. A delivery vehicle fault at our Kestrel Park warehouse has delayed a number of large-item deliveries this week.

Your table is now booked for Wednesday 28 October 2026, and you'll get your 2-hour time slot by text the evening before. As an apology I've added a £20 voucher to your account, valid for 3 months.

Kind regards,
Priya Natarajan
Customer Care Team, Hearthstead Home

> On 20 Oct 2026, at 19:40, Tom Avery wrote:
> My table was due on Saturday 17th. Nobody came and nobody called.
> I took a day off work for this. What is going on?

This email and any attachments are confidential and intended solely for the addressee. Hearthstead Home Ltd, registered in England and Wales no. 08812345.
""",
)

source(
    "email-harrow-warranty",
    "RE: Harrow armchair leg has cracked",
    "email-export",
    "2026-09-08",
    """
From: Owen Price <care@hearthsteadhome.co.uk>
To: Margaret Hale
Date: 8 September 2026 10:15
Subject: RE: Harrow armchair leg has cracked

Dear Mrs Hale,

Thank you for the photos. Your Harrow armchair was delivered on 2 July 2025, so it is still within its 2-year guarantee, and a cracked leg is a manufacturing defect we cover.

Our repair partner Fixwell will contact you within 5 working days to arrange a visit. The technician will replace both front legs so that they match. There is nothing to pay.

Best wishes,
Owen Price
Product Care Team | Hearthstead Home
0330 123 4567 | Mon–Fri 8am–8pm, Sat 9am–5pm

> -----Original message-----
> From: Margaret Hale
> Sent: 6 September 2026 21:12
> The front left leg of my Harrow chair has split along the grain. We have had it
> just over a year and it's only used for reading. Photos attached.

Please consider the environment before printing this email.
""",
)

source(
    "email-assembly-refund",
    "RE: Fitter couldn't finish the Tamsin wardrobe",
    "email-export",
    "2026-10-02",
    """
From: Jade Okafor <care@hearthsteadhome.co.uk>
To: Sam Whitlock
Date: 2 October 2026 16:48
Subject: RE: Fitter couldn't finish the Tamsin wardrobe

Hi Sam,

Thanks for letting us know. I can see the Fixwell fitter recorded a missing hinge pack (part T-14) on your Tamsin 2-door wardrobe.

I've refunded your £45 assembly fee to your Mastercard today; please allow 3 to 5 working days for it to show. The hinge pack has been sent from Millbrook and should reach you by Tuesday 6 October. When it arrives, reply to this email and I'll rebook the fitter at no charge.

Kind regards,
Jade

Jade Okafor
Customer Care Team, Hearthstead Home

>> The fitter left after an hour because the hinges were missing.
>> Half-built wardrobe in our bedroom. Do I still pay for assembly?

CONFIDENTIALITY: This message may contain confidential information. If you are not the intended recipient, please delete it.
""",
)

source(
    "email-price-match",
    "RE: Price match - Corvid table lamp",
    "email-export",
    "2026-08-19",
    """
From: Ellie Marsh <care@hearthsteadhome.co.uk>
To: Daniel Kerr
Date: 19 August 2026 11:30
Subject: RE: Price match - Corvid table lamp

Hi Daniel,

Thanks for sending the link. Brightwell Interiors has the same Lumen & Hale Corvid table lamp in brass for £64, including delivery, and you bought yours from us for £79 on 12 August, so you're within our 14-day price promise.

I've approved a refund of £15 to your PayPal account. You should see it within 3 working days.

Just so you know, we couldn't have matched the Oakhouse Living price you mentioned too, as that was a member-only price.

Best,
Ellie Marsh
Customer Care Team
Hearthstead Home

> Hi, I've found the same lamp for £64 at Brightwell and even cheaper at
> Oakhouse Living (£59 with their club card). Can you match either?
> Order HS-4390155

This email and any files transmitted with it are confidential.
""",
)

source(
    "email-klarna-refund",
    "RE: Refund not showing on Klarna",
    "email-export",
    "2026-07-14",
    """
From: Marcus Reid <care@hearthsteadhome.co.uk>
To: Aisha Bello
Date: 14 July 2026 09:05
Subject: RE: Refund not showing on Klarna

Hi Aisha,

Your return of the Linden bedside table reached Kestrel Park on 9 July and we processed the refund of £119 on 10 July.

Refunds to Klarna go back to Klarna first, not to your bank. Klarna then updates your payment plan, which can take up to 5 working days. If you had already made a payment, Klarna will refund that part to the card you paid with.

If nothing has changed by 17 July, please contact Klarna directly, quoting our refund reference RF-88213.

Thanks,
Marcus

Marcus Reid | Customer Care Team | Hearthstead Home

> I returned the bedside table over a week ago and my Klarna app still
> shows the full amount owing. Please help.

This message is confidential and may be legally privileged.
""",
)

source(
    "email-skye-delivery",
    "RE: Delivery to Portree, Isle of Skye",
    "email-export",
    "2026-05-27",
    """
From: Callum Fraser <care@hearthsteadhome.co.uk>
To: Fiona MacLeod
Date: 27 May 2026 13:22
Subject: RE: Delivery to Portree, Isle of Skye

Hi Fiona,

Good news: we can deliver the Alder 3-seat sofa to Portree. Deliveries to Skye are handled by our partner carrier Clanline Freight, who run to the island every Tuesday and Thursday.

There's a £25 surcharge on top of the two-person delivery charge, and please allow up to 5 extra working days. Unfortunately, assembly and take-back of your old sofa aren't available on island deliveries.

All the best,
Callum

Callum Fraser
Customer Care Team, Hearthstead Home
Sent from our Inverness office

> > Do you deliver to Skye? The website postcode checker says no (IV51).
> > If so, how much and how long?

This email is confidential. If you received it in error, please tell us and delete it.
""",
)

# ---- price-list (the furniture list has a superseded version with the same id) ----------

source(
    "price-list-furniture",
    "Furniture price list — Autumn/Winter 2026",
    "price-list",
    "2026-09-01",
    """
HEARTHSTEAD HOME FURNITURE PRICE LIST
Autumn/Winter 2026 — prices valid from 1 September 2026
This list replaces the Spring/Summer 2026 price list.

SOFAS AND CHAIRS
Alder 3-seat sofa ........................ £949
Alder 2-seat sofa ........................ £779
Alder corner sofa ........................ £1,399
Harrow armchair .......................... £449
Harrow footstool ......................... £149

DINING
Fenwick extending dining table (oak) ..... £699
Fenwick bench ............................ £199
Fenwick dining chair (pair) .............. £259

BEDROOM
Linden bed frame, double ................. £499
Linden bed frame, king ................... £599
Linden Hybrid mattress, double ........... £579
Linden Hybrid mattress, king ............. £679
Linden bedside table ..................... £129
Tamsin 2-door wardrobe ................... £629

STORAGE
Quill bookcase, tall ..................... £229
Quill bookcase, low ...................... £149

Custom Upholstery: add 15% to the list price. Prices include VAT at 20%.
""",
)

source(
    "price-list-furniture@2026-03",
    "Furniture price list — Spring/Summer 2026",
    "price-list",
    "2026-03-01",
    """
HEARTHSTEAD HOME FURNITURE PRICE LIST
Spring/Summer 2026 — prices valid from 1 March 2026

SOFAS AND CHAIRS
Alder 3-seat sofa ........................ £899
Alder 2-seat sofa ........................ £749
Alder corner sofa ........................ £1,349
Harrow armchair .......................... £429
Harrow footstool ......................... £139

DINING
Fenwick extending dining table (oak) ..... £649
Fenwick bench ............................ £189
Fenwick dining chair (pair) .............. £259

BEDROOM
Linden bed frame, double ................. £499
Linden bed frame, king ................... £579
Linden Hybrid mattress, double ........... £549
Linden Hybrid mattress, king ............. £649
Linden bedside table ..................... £119
Tamsin 2-door wardrobe ................... £599

STORAGE
Quill bookcase, tall ..................... £219
Quill bookcase, low ...................... £139

Custom Upholstery: add 10% to the list price. Prices include VAT at 20%.
""",
)

source(
    "price-list-services",
    "Delivery and services price list",
    "price-list",
    "2026-09-01",
    """
HEARTHSTEAD HOME — DELIVERY AND SERVICES PRICE LIST
Valid from 1 September 2026

Standard delivery (small items) ........... £4.95, free over £50
Two-person delivery (large items) ......... £39, free over £499
Named-day delivery (large items) .......... +£12
Scottish Highlands, islands, Isle of Man .. +£25
Assembly, first item ...................... £45
Assembly, each additional item ............ £25
Take-back of old furniture (per item) ..... £35
Returns collection (large items) .......... £29, free if faulty
Fabric samples ............................ free, up to 6
CarePlus protection (5 years) ............. 8% of item price, minimum £29

Hearth Rewards Flame and Blaze members: free standard delivery.
Blaze members: free two-person delivery.
""",
)

# --------------------------------------------------------------------------------------
# Answers and claims.
# --------------------------------------------------------------------------------------

Review = tuple  # (verdict, invention_kind or None, note[, "at" override])


@dataclass
class C:
    """One claim as the production judge left it; ``span``/``ev`` are quoted passages."""

    span: str
    kind: str
    cite: int | None
    verdict: str
    ik: str | None = None
    ev: str | None = None
    why: str = ""
    text: str | None = None
    dana: Review | list[Review] | None = None
    lee: Review | list[Review] | None = None


@dataclass
class A:
    id: str
    question: str
    response: str
    sources: list[str]
    claims: list[C] | None = None
    correct: bool | None = None


ANSWERS: list[A] = [
    # ---- returns ---------------------------------------------------------------------
    A(
        "HS-0001",
        "Can I still return a sofa I had delivered more than a month ago?",
        "Most items can be returned within 30 days of delivery, so a sofa delivered more than a month ago is outside the standard returns window [1]. If you're a Hearth Rewards member at Blaze tier, you have 60 days, so you could still return it [1]. For a large item like a sofa we collect it from your home, and the £29 collection charge is deducted from your refund [1].",
        ["hc-returns"],
        [
            C(
                "Most items can be returned within 30 days of delivery",
                "policy",
                1,
                "stated",
                ev="You can return most Hearthstead Home items within 30 days of delivery for a full refund",
                dana=("stated", None, ""),
            ),
            C(
                "If you're a Hearth Rewards member at Blaze tier, you have 60 days",
                "policy",
                1,
                "stated",
                ev="Members of Hearth Rewards at Blaze tier get 60 days.",
            ),
            C(
                "the £29 collection charge is deducted from your refund",
                "figure",
                1,
                "stated",
                ev="collection costs £29, which is deducted from your refund",
                text="For a large item like a sofa, the £29 collection charge is deducted from the refund.",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0002",
        "How long does a refund take after you collect a return?",
        "Once your item reaches our returns centre at Kestrel Park, we refund your original payment method within 5 working days [1]. Collections are usually completed within 3 working days of booking, so most customers see their money back within about a fortnight [1].",
        ["hc-returns"],
        [
            C(
                "Once your item reaches our returns centre at Kestrel Park, we refund your original payment method within 5 working days",
                "figure",
                1,
                "stated",
                ev="We refund the original payment method within 5 working days of the item arriving there.",
            ),
            C(
                "Collections are usually completed within 3 working days of booking",
                "figure",
                1,
                "absent",
                PS,
                why="The returns article gives the £29 collection charge but no lead time for collections; '3 working days' is not in the source.",
                dana=("absent", PS, "No collection lead time anywhere in the article."),
                lee=("absent", PS, ""),
            ),
            C(
                "most customers see their money back within about a fortnight",
                "relation",
                1,
                "absent",
                CG,
                text="Most customers see their money back within about a fortnight.",
                why="A generalisation about 'most customers' that the source does not make; it only gives the 5-working-day refund window.",
                dana=("absent", CG, ""),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0003",
        "I bought a mattress last week, opened it, and it's too firm. Can I send it back?",
        "Mattresses can normally only be returned within 14 days and only if the protective wrapping is unopened [1]. If it's a Linden Hybrid, though, it comes with its own 100-night trial [1], and we'll collect it free of charge and give you a full refund [2]. You'll need to keep it for at least 30 nights before asking for a return, because it takes that long for your body to adjust [2].",
        ["hc-returns", "pdf-mattress-trial"],
        [
            C(
                "Mattresses can normally only be returned within 14 days and only if the protective wrapping is unopened",
                "policy",
                1,
                "stated",
                ev="Mattresses, pillows and bedding can only be returned within 14 days, and only if the protective wrapping is unopened.",
            ),
            C(
                "If it's a Linden Hybrid, though, it comes with its own 100-night trial",
                "name",
                1,
                "stated",
                ev="The Linden Hybrid mattress is covered by its own 100-night trial instead.",
                text="A Linden Hybrid mattress comes with its own 100-night trial.",
                dana=("stated", None, ""),
            ),
            C(
                "we'll collect it free of charge and give you a full refund",
                "policy",
                2,
                "stated",
                ev="we'll collect it free of charge and give you a full refund",
                text="Under the trial, the mattress is collected free of charge with a full refund.",
            ),
            C(
                "You'll need to keep it for at least 30 nights before asking for a return",
                "figure",
                2,
                "stated",
                ev="Please keep it for at least 30 nights before asking for a return",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0004",
        "Can I exchange my Linden mattress for a firmer one and still keep the trial?",
        "Yes, you can exchange your Linden Hybrid for the Firm version [1]. Exchanges for a different firmness count as your trial, so your new mattress won't come with a second trial [1]. Because returned mattresses are never resold, the exchange is free and we collect the old one on the day your new mattress arrives [1].",
        ["pdf-mattress-trial"],
        [
            C(
                "Yes, you can exchange your Linden Hybrid for the Firm version",
                "policy",
                1,
                "stated",
                ev="Exchanges for a different ﬁrmness count as your trial.",
                text="A Linden Hybrid can be exchanged for the Firm version.",
            ),
            C(
                "Exchanges for a different firmness count as your trial, so your new mattress won't come with a second trial",
                "policy",
                1,
                "stated",
                ev="One trial per household. Exchanges for a different ﬁrmness count as your trial.",
            ),
            C(
                "Because returned mattresses are never resold, the exchange is free and we collect the old one on the day your new mattress arrives",
                "relation",
                1,
                "partial",
                BI,
                ev="Returned mattresses are never resold.",
                why="The leaflet says returned mattresses are never resold, but says nothing of exchange costs or same-day collection; the 'because' is the answer's own.",
                dana=(
                    "absent",
                    BI,
                    "Never-resold is stated but has nothing to do with the exchange being free; free + same-day are both unsupported.",
                ),
                lee=("absent", BI, ""),
            ),
        ],
    ),
    # ---- delivery --------------------------------------------------------------------
    A(
        "HS-0005",
        "What's the delivery charge for a sofa?",
        "Sofas are delivered by our own two-person team from Kestrel Park [1]. Two-person delivery costs £39 and is free on orders over £499 [2]. If you need a particular day, named-day delivery is an extra £12 [2].",
        ["hc-delivery", "price-list-services"],
        correct=True,
    ),
    A(
        "HS-0006",
        "How long will my new sofa take to arrive?",
        "Large items like sofas are delivered in 7 to 14 working days by our two-person team [1]. If you chose a Custom Upholstery fabric, it's made to order and takes 8 to 10 weeks [1]. We'll text you a 2-hour time slot the evening before [1].",
        ["hc-delivery"],
        [
            C(
                "Large items like sofas are delivered in 7 to 14 working days by our two-person team",
                "figure",
                1,
                "stated",
                ev="Large items arrive in 7 to 14 working days",
            ),
            C(
                "If you chose a Custom Upholstery fabric, it's made to order and takes 8 to 10 weeks",
                "figure",
                1,
                "stated",
                ev="made-to-order Custom Upholstery takes 8 to 10 weeks",
            ),
            C(
                "We'll text you a 2-hour time slot the evening before",
                "policy",
                1,
                "stated",
                ev="text you a 2-hour time slot the evening before",
            ),
        ],
    ),
    A(
        "HS-0007",
        "Do you deliver on Sundays?",
        "We deliver Monday to Saturday between 7am and 7pm, so Sunday delivery isn't available [1]. Most customers pick a Saturday slot, and these tend to book up about a week ahead [1].",
        ["hc-delivery"],
        [
            C(
                "We deliver Monday to Saturday between 7am and 7pm, so Sunday delivery isn't available",
                "date",
                1,
                "stated",
                ev="We deliver Monday to Saturday between 7am and 7pm",
            ),
            C(
                "Most customers pick a Saturday slot, and these tend to book up about a week ahead",
                "relation",
                1,
                "absent",
                CG,
                why="The article lists delivery days only; nothing about which slots customers choose or how early they fill.",
            ),
        ],
    ),
    A(
        "HS-0008",
        "I'm in Inverness. Is there an extra delivery charge?",
        "Yes. Deliveries to the Scottish Highlands carry a £25 surcharge and can take up to 5 extra working days [1]. The surcharge is added on top of the £39 two-person delivery charge for large items [2], and it still applies if your order qualifies for free delivery [2].",
        ["hc-delivery", "price-list-services"],
        [
            C(
                "Deliveries to the Scottish Highlands carry a £25 surcharge and can take up to 5 extra working days",
                "figure",
                1,
                "stated",
                ev="Deliveries to the Scottish Highlands, the Isle of Man and the Scottish islands carry a £25 surcharge and can take up to 5 extra working days.",
            ),
            C(
                "The surcharge is added on top of the £39 two-person delivery charge for large items",
                "figure",
                2,
                "stated",
                ev="Scottish Highlands, islands, Isle of Man .. +£25",
                why="The price list shows the Highlands surcharge as '+£25' beside the £39 two-person charge.",
            ),
            C(
                "it still applies if your order qualifies for free delivery",
                "policy",
                2,
                "absent",
                BI,
                text="The Highlands surcharge still applies when the order qualifies for free delivery.",
                why="The list gives '+£25' and 'free over £499' on separate lines; whether the surcharge survives free delivery is inferred, not stated.",
                lee=("absent", BI, "Plausible, but nothing says so."),
            ),
        ],
    ),
    A(
        "HS-0009",
        "Can you deliver to Belfast?",
        "I'm sorry, we don't currently deliver to Northern Ireland or the Channel Islands [1]. You could order for Click & Collect at one of our stores in Great Britain instead [1].",
        ["hc-delivery"],
        [
            C(
                "we don't currently deliver to Northern Ireland or the Channel Islands",
                "policy",
                1,
                "stated",
                ev="We do not currently deliver to the Channel Islands or Northern Ireland.",
                text="Hearthstead Home does not deliver to Northern Ireland or the Channel Islands.",
            ),
            C(
                "You could order for Click & Collect at one of our stores in Great Britain instead",
                "name",
                1,
                "absent",
                FP,
                why="The delivery article does not mention Click & Collect or stores at all; the suggestion is attributed to a source that does not make it.",
            ),
        ],
    ),
    A(
        "HS-0010",
        "What happens if the delivery team can't get my wardrobe up the stairs?",
        "Our two-person team will take large items to the room of your choice, but they can't remove doors or windows or carry items up a ladder [1]. If you've booked assembly, the Fixwell fitter can build the wardrobe in the room where it's needed [2], so it's worth adding assembly if access is tight.",
        ["hc-delivery", "hc-assembly"],
        [
            C(
                "Our two-person team will take large items to the room of your choice, but they can't remove doors or windows or carry items up a ladder",
                "policy",
                1,
                "stated",
                ev="Our team will place large items in the room of your choice but cannot remove doors or windows, or carry items up a ladder.",
            ),
            C(
                "If you've booked assembly, the Fixwell fitter can build the wardrobe in the room where it's needed",
                "relation",
                2,
                "partial",
                BI,
                ev="our assembly partner Fixwell can do it for you",
                why="Fixwell assembly is stated; building a wardrobe in place to get round access problems is not.",
            ),
        ],
    ),
    # ---- guarantees --------------------------------------------------------------------
    A(
        "HS-0011",
        "Does the guarantee cover a sagging sofa seat?",
        "Sofa frames, including the springs, are covered by a 10-year frame guarantee [1]. Cushions aren't part of the frame guarantee, and feather-wrapped cushions will soften and flatten slightly with use, which is normal and not a fault [2]. If the seat sags because of a broken spring, you can claim with at least 3 photos of the fault through your account [1].",
        ["hc-warranty", "pdf-alder-care"],
        [
            C(
                "Sofa frames, including the springs, are covered by a 10-year frame guarantee",
                "figure",
                1,
                "stated",
                ev="Sofa and armchair frames carry a longer 10-year frame guarantee, covering the wooden frame and the springs",
                dana=("stated", None, ""),
            ),
            C(
                "Cushions aren't part of the frame guarantee, and feather-wrapped cushions will soften and flatten slightly with use, which is normal and not a fault",
                "policy",
                2,
                "stated",
                ev="Feather-wrapped cushions will soften and ﬂatten slightly with use; this is normal and not a fault.",
            ),
            C(
                "If the seat sags because of a broken spring, you can claim with at least 3 photos of the fault through your account",
                "policy",
                1,
                "stated",
                ev="fill in the guarantee form in your account with your order number and at least 3 photos of the fault",
            ),
        ],
    ),
    A(
        "HS-0012",
        "My Harrow chair leg cracked after 14 months. Is that covered?",
        "Yes, a cracked leg on a Harrow armchair is covered: legs are part of the 10-year frame guarantee [1]. In a similar case, our repair partner Fixwell contacted the customer within 5 working days and replaced both front legs at no cost [2].",
        ["hc-warranty", "email-harrow-warranty"],
        [
            C(
                "legs are part of the 10-year frame guarantee",
                "policy",
                1,
                "contradicted",
                BI,
                ev="covering the wooden frame and the springs but not cushions, fabric or legs",
                text="Legs are part of the 10-year frame guarantee.",
                why="The article excludes legs from the frame guarantee explicitly; they fall under the 2-year guarantee.",
                dana=(
                    "contradicted",
                    BI,
                    "Right outcome (2-year guarantee covers it), wrong reason.",
                ),
                lee=("contradicted", BI, ""),
            ),
            C(
                "In a similar case, our repair partner Fixwell contacted the customer within 5 working days and replaced both front legs at no cost",
                "relation",
                2,
                "stated",
                ev="Our repair partner Fixwell will contact you within 5 working days to arrange a visit.",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0013",
        "How long is the guarantee on a Linden mattress?",
        "The Linden Hybrid has a 5-year guarantee [2], which covers sagging deeper than 3 cm [1]. Normal wear and tear and damage from misuse aren't covered [1].",
        ["hc-warranty", "pdf-mattress-trial"],
    ),
    A(
        "HS-0014",
        "How do I make a guarantee claim?",
        "Fill in the guarantee form in your account with your order number and at least 3 photos of the fault [1]. Our product care team assesses every claim within 10 working days [1], and approved repairs are usually completed within a further 2 weeks [1].",
        ["hc-warranty"],
        [
            C(
                "Fill in the guarantee form in your account with your order number and at least 3 photos of the fault",
                "policy",
                1,
                "stated",
                ev="fill in the guarantee form in your account with your order number and at least 3 photos of the fault",
            ),
            C(
                "Our product care team assesses every claim within 10 working days",
                "figure",
                1,
                "stated",
                ev="Our product care team assesses every claim within 10 working days.",
            ),
            C(
                "approved repairs are usually completed within a further 2 weeks",
                "figure",
                1,
                "absent",
                PS,
                text="Approved repairs are usually completed within a further 2 weeks.",
                why="The article gives the 10-day assessment window only; no time for completing repairs.",
                dana=(
                    "absent",
                    PS,
                    "The '2' matches '2-year' so the mechanical check misses this one.",
                ),
            ),
        ],
    ),
    A(
        "HS-0015",
        "Is fading from sunlight covered by the guarantee on my Alder sofa?",
        "No, fading from sunlight isn't covered by the guarantee [1]. To prevent it, keep your sofa at least 30 cm from radiators and out of direct sunlight [2]. If you bought CarePlus, accidental stains and damage are covered for 5 years, though fading isn't included [1].",
        ["hc-warranty", "pdf-alder-care"],
        [
            C(
                "No, fading from sunlight isn't covered by the guarantee",
                "policy",
                1,
                "stated",
                ev="The guarantee does not cover normal wear and tear, fabric pilling, fading from sunlight",
                text="Fading from sunlight is not covered by the guarantee.",
            ),
            C(
                "To prevent it, keep your sofa at least 30 cm from radiators and out of direct sunlight",
                "figure",
                2,
                "stated",
                ev="Position your sofa at least 30 cm away from radiators and out of direct sun-\nlight to prevent fading",
            ),
            C(
                "If you bought CarePlus, accidental stains and damage are covered for 5 years, though fading isn't included",
                "policy",
                1,
                "partial",
                BI,
                ev="If you bought our CarePlus extended protection, accidental stains and damage are covered for 5 years",
                why="CarePlus cover for stains and damage is stated; the article never says whether CarePlus excludes fading.",
                lee=("partial", BI, ""),
            ),
        ],
    ),
    # ---- assembly ----------------------------------------------------------------------
    A(
        "HS-0016",
        "How much is assembly for a wardrobe and a bookcase?",
        "Assembly costs £45 for the first item and £25 for each additional item in the same order, so a wardrobe and a bookcase together would be £70 [1]. Wall-fixing is included for wardrobes and bookcases taller than 150 cm [1].",
        ["hc-assembly", "price-list-services"],
        [
            C(
                "Assembly costs £45 for the first item and £25 for each additional item in the same order",
                "figure",
                1,
                "stated",
                ev="Assembly costs £45 for the first item and £25 for each additional item in the same order.",
            ),
            C(
                "so a wardrobe and a bookcase together would be £70",
                "figure",
                1,
                "absent",
                PS,
                text="Assembling a wardrobe and a bookcase together costs £70.",
                why="'£70' does not appear in the assembly article.",
                dana=[
                    ("partial", BI, "Not written in the source, but it follows from it."),
                    (
                        "stated",
                        None,
                        "On reflection: £45 + £25 = £70, plain arithmetic on stated figures.",
                    ),
                ],
                lee=("partial", BI, "Arithmetic from stated figures; I'd not call it stated."),
            ),
            C(
                "Wall-fixing is included for wardrobes and bookcases taller than 150 cm",
                "figure",
                1,
                "stated",
                ev="Wall-fixing is included for wardrobes and bookcases taller than 150 cm",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0017",
        "Can I get assembly if I collect from a store?",
        "Unfortunately assembly isn't available for Click & Collect orders [1]. It's also not offered for deliveries to the Scottish islands [1]. If you'd like it built for you, choose home delivery and add assembly at checkout or up to 48 hours before your delivery date [1].",
        ["hc-assembly"],
    ),
    A(
        "HS-0018",
        "The fitter couldn't finish my wardrobe because a part was missing. Do I still have to pay?",
        "No. If our fitter can't complete the assembly, for example because a part is missing, we refund the assembly fee in full and rebook a visit free of charge [1]. In a recent case, the £45 fee was refunded the same day and the missing hinge pack was sent from Millbrook [2]. Refunds to a card take 3 to 5 working days to show [2].",
        ["hc-assembly", "email-assembly-refund"],
        [
            C(
                "If our fitter can't complete the assembly, for example because a part is missing, we refund the assembly fee in full and rebook a visit free of charge",
                "policy",
                1,
                "stated",
                ev="If assembly is booked and our fitter cannot complete it, for example because a part is missing, we refund the assembly fee in full and rebook a visit free of charge.",
            ),
            C(
                "In a recent case, the £45 fee was refunded the same day and the missing hinge pack was sent from Millbrook",
                "figure",
                2,
                "stated",
                ev="I've refunded your £45 assembly fee to your Mastercard today",
            ),
            C(
                "Refunds to a card take 3 to 5 working days to show",
                "figure",
                2,
                "stated",
                ev="please allow 3 to 5 working days for it to show",
                dana=("stated", None, ""),
            ),
        ],
        correct=True,
    ),
    # ---- payment -----------------------------------------------------------------------
    A(
        "HS-0019",
        "Do you take Amex?",
        "Yes, we accept American Express, as well as Visa, Mastercard, PayPal, Apple Pay and Hearthstead Home gift cards [1].",
        ["hc-payment"],
        correct=True,
    ),
    A(
        "HS-0020",
        "Can I pay for a sofa in instalments?",
        "Yes. With Klarna you can split any order between £30 and £1,500 into 3 interest-free payments [1]. On orders over £750 you could also spread the cost over 12 months at 0% APR with Hearthstead Home Finance, with no deposit [1]. Finance is subject to status [1].",
        ["hc-payment"],
        [
            C(
                "With Klarna you can split any order between £30 and £1,500 into 3 interest-free payments",
                "figure",
                1,
                "stated",
                ev="split any order between £30 and £1,500 into 3 interest-free payments",
            ),
            C(
                "On orders over £750 you could also spread the cost over 12 months at 0% APR with Hearthstead Home Finance, with no deposit",
                "figure",
                1,
                "stated",
                ev="on orders over £750 you can spread the cost over 12 months at 0% APR with no deposit",
                dana=("stated", None, ""),
            ),
            C(
                "Finance is subject to status",
                "policy",
                1,
                "stated",
                ev="Finance is subject to status",
            ),
        ],
    ),
    A(
        "HS-0021",
        "What APR is your 36-month finance?",
        "Plans over 24 or 36 months are available at 14.9% APR representative through Ashby Finance Ltd [1]. Finance is available to UK residents aged 18 and over, subject to status [1].",
        ["hc-payment"],
        [
            C(
                "Plans over 24 or 36 months are available at 14.9% APR representative through Ashby Finance Ltd",
                "figure",
                1,
                "contradicted",
                PS,
                ev="Longer plans over 24 or 36 months are available at 19.9% APR representative.",
                why="The source gives 19.9% APR representative, not 14.9%.",
                dana=("contradicted", PS, "19.9%, not 14.9%."),
            ),
            C(
                "Finance is available to UK residents aged 18 and over, subject to status",
                "policy",
                1,
                "stated",
                ev="Finance is subject to status and is available to UK residents aged 18 and over.",
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0022",
        "When do you take the balance for a Custom Upholstery sofa?",
        "For Custom Upholstery we take a 30% deposit when you order and the balance when your item is ready to dispatch [1]. Your piece is made to order in our Burnley workshop and takes 8 to 10 weeks [2].",
        ["hc-payment", "hc-fabric-samples"],
    ),
    A(
        "HS-0023",
        "Can I use a gift card towards finance?",
        "No, gift cards can't be used to pay towards a finance agreement [1]. You can still use them for the deposit or the rest of your order [1].",
        ["hc-payment"],
        [
            C(
                "No, gift cards can't be used to pay towards a finance agreement",
                "policy",
                1,
                "stated",
                ev="Gift cards cannot be used to pay towards a finance agreement.",
                text="Gift cards cannot be used to pay towards a finance agreement.",
            ),
            C(
                "You can still use them for the deposit or the rest of your order",
                "policy",
                1,
                "partial",
                BI,
                ev="We accept Visa, Mastercard, American Express, PayPal, Apple Pay and Hearthstead Home gift cards.",
                why="Gift cards are an accepted payment method, but the source does not say they can pay a finance deposit or the non-financed part of an order.",
            ),
        ],
    ),
    # ---- loyalty -----------------------------------------------------------------------
    A(
        "HS-0024",
        "How do Hearth Rewards points work?",
        "You earn 1 point for every £1 you spend online or in store, and every 100 points becomes a £5 voucher [1]. Vouchers are emailed on the first day of each month and are valid for 3 months [1].",
        ["hc-loyalty"],
    ),
    A(
        "HS-0025",
        "How many points do I need for Blaze?",
        "You reach Blaze tier by earning 1,500 points or more in a calendar year [1]. Blaze includes everything in Flame plus free two-person delivery, 60-day returns and early access to the Winter Sale [1]. Most members who furnish a room or two in a year reach Blaze without trying [1].",
        ["hc-loyalty"],
        [
            C(
                "You reach Blaze tier by earning 1,500 points or more in a calendar year",
                "figure",
                1,
                "stated",
                ev="Blaze: 1,500 points or more.",
            ),
            C(
                "Blaze includes everything in Flame plus free two-person delivery, 60-day returns and early access to the Winter Sale",
                "policy",
                1,
                "stated",
                ev="Everything in Flame, plus free two-person delivery, 60-day returns and early access to the Winter Sale.",
            ),
            C(
                "Most members who furnish a room or two in a year reach Blaze without trying",
                "relation",
                1,
                "absent",
                CG,
                why="The article defines the tiers; it says nothing about how many members reach Blaze.",
                dana=("absent", CG, ""),
                lee=("absent", CG, "Classic 'most members' filler."),
            ),
        ],
    ),
    A(
        "HS-0026",
        "Do my Hearth Rewards points expire?",
        "Yes, points expire 24 months after they were earned [1]. Your tier is reviewed on 1 January and lasts for the whole following year [1].",
        ["hc-loyalty"],
        [
            C(
                "Yes, points expire 24 months after they were earned",
                "figure",
                1,
                "stated",
                ev="Points expire 24 months after they were earned.",
                text="Hearth Rewards points expire 24 months after they were earned.",
                dana=("stated", None, ""),
            ),
            C(
                "Your tier is reviewed on 1 January and lasts for the whole following year",
                "date",
                1,
                "stated",
                ev="Your tier is reviewed on 1 January and lasts for the whole following year.",
            ),
        ],
    ),
    A(
        "HS-0027",
        "I'm a Flame member. Do I get free delivery on a sofa?",
        "Flame members get free standard delivery on every order [1], and since sofas go by two-person delivery, your sofa would be delivered free too [1].",
        ["hc-loyalty", "price-list-services"],
        [
            C(
                "Flame members get free standard delivery on every order",
                "policy",
                1,
                "stated",
                ev="Free standard delivery on every order and a £10 birthday voucher.",
            ),
            C(
                "since sofas go by two-person delivery, your sofa would be delivered free too",
                "relation",
                1,
                "contradicted",
                BI,
                text="A Flame member's sofa would be delivered free because sofas go by two-person delivery.",
                ev="Everything in Flame, plus free two-person delivery",
                why="Free two-person delivery is a Blaze benefit; Flame members get free standard delivery only.",
                dana=("contradicted", BI, "Two-person delivery is Blaze only."),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0028",
        "Do I earn points on assembly?",
        "No, points aren't earned on delivery charges, assembly, gift cards or CarePlus [1].",
        ["hc-loyalty"],
    ),
    # ---- price promise -----------------------------------------------------------------
    A(
        "HS-0029",
        "I saw the same lamp cheaper at another shop. Can you match it?",
        "Yes, if you find an identical item cheaper at another UK retailer within 14 days of buying it from us, we'll refund the difference [1]. The competitor's price must include delivery, and we don't match member-only prices [1]. Send a link or photo to our customer care team with your order number, and we usually refund within 3 working days of approving the claim [1].",
        ["hc-price-promise", "email-price-match"],
        [
            C(
                "if you find an identical item cheaper at another UK retailer within 14 days of buying it from us, we'll refund the difference",
                "policy",
                1,
                "stated",
                ev="If you find an identical item cheaper at another UK retailer within 14 days of buying it from us, we will refund the difference.",
                text="If you find an identical item cheaper at another UK retailer within 14 days of buying it, Hearthstead Home refunds the difference.",
                dana=("stated", None, ""),
            ),
            C(
                "The competitor's price must include delivery, and we don't match member-only prices",
                "policy",
                1,
                "stated",
                ev="The competitor's price must include delivery.",
            ),
            C(
                "we usually refund within 3 working days of approving the claim",
                "figure",
                1,
                "stated",
                ev="usually within 3 working days of approving the claim",
                text="Price-promise refunds usually arrive within 3 working days of approval.",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0030",
        "Will you price match during Black Friday?",
        "We don't match prices during our Winter Sale or on Black Friday [1]. Outside those periods we approve around 9 in 10 claims within a day [1].",
        ["hc-price-promise"],
        [
            C(
                "We don't match prices during our Winter Sale or on Black Friday",
                "policy",
                1,
                "stated",
                ev="we do not match prices during our Winter Sale or on Black Friday",
            ),
            C(
                "Outside those periods we approve around 9 in 10 claims within a day",
                "figure",
                1,
                "absent",
                PS,
                why="No approval rate or turnaround for claims appears in the source; it gives a 3-working-day refund time after approval.",
                dana=("absent", PS, "Invented '9 in 10'."),
                lee=("absent", CG, "Reads more like a generalisation than a figure."),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0031",
        "Can you price match against Oakhouse Living's club card price?",
        "No, we can't match member-only prices such as a club card price [1]. When a customer asked about an Oakhouse Living club price in August, we matched a Brightwell Interiors price instead, because it was available to everyone [2].",
        ["hc-price-promise", "email-price-match"],
        [
            C(
                "No, we can't match member-only prices such as a club card price",
                "policy",
                1,
                "stated",
                ev="We do not match prices from marketplace sellers, auction sites, outlet stores, member-only prices or clearance sales",
                text="Hearthstead Home does not match member-only prices such as club card prices.",
            ),
            C(
                "When a customer asked about an Oakhouse Living club price in August, we matched a Brightwell Interiors price instead, because it was available to everyone",
                "relation",
                2,
                "stated",
                ev="we couldn't have matched the Oakhouse Living price you mentioned too, as that was a member-only price",
                why="The email matches Brightwell and declines the Oakhouse Living member-only price.",
                dana=(
                    "partial",
                    BI,
                    "Both facts are in the email; the 'because it was available to everyone' isn't.",
                ),
            ),
        ],
        correct=True,
    ),
    # ---- click & collect ----------------------------------------------------------------
    A(
        "HS-0032",
        "How quickly is Click & Collect ready?",
        "If the item is in stock at your chosen store, it's usually ready within 2 hours and we'll email you when it's waiting [1]. Items coming from our Millbrook distribution centre take 2 to 4 working days [1]. We hold orders for 7 days [1].",
        ["hc-click-collect"],
    ),
    A(
        "HS-0033",
        "Can I collect a sofa from my local store?",
        "Large items can only be collected from our 9 large-format stores, 5 to 7 working days after ordering [1]. Our colleagues can help load your car, and we can lend roof straps if you need them [1].",
        ["hc-click-collect"],
        [
            C(
                "Large items can only be collected from our 9 large-format stores, 5 to 7 working days after ordering",
                "figure",
                1,
                "stated",
                ev="Large items can be collected from our 9 large-format stores only, 5 to 7 working days after ordering.",
            ),
            C(
                "Our colleagues can help load your car, and we can lend roof straps if you need them",
                "policy",
                1,
                "partial",
                PS,
                ev="Our colleagues can help load your car, but we cannot lend vans or roof straps.",
                why="Help with loading is stated; lending roof straps is not mentioned as offered.",
                dana=(
                    "contradicted",
                    PS,
                    "The source says the opposite: 'we cannot lend vans or roof straps'.",
                ),
                lee=("contradicted", PS, ""),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0034",
        "My friend is collecting my order. What do they need?",
        "They'll need your order number and their own photo ID [1].",
        ["hc-click-collect"],
    ),
    A(
        "HS-0035",
        "What happens if I don't collect my order in time?",
        "We hold Click & Collect orders for 7 days [1]. If an order isn't collected, we cancel it and refund you in full within 5 working days [1].",
        ["hc-click-collect"],
        [
            C(
                "We hold Click & Collect orders for 7 days",
                "figure",
                1,
                "stated",
                ev="We hold orders for 7 days.",
            ),
            C(
                "If an order isn't collected, we cancel it and refund you in full within 5 working days",
                "figure",
                1,
                "stated",
                ev="If an order is not collected, we cancel it and refund you in full within 5 working days.",
                lee=("stated", None, ""),
            ),
        ],
    ),
    # ---- custom upholstery and samples --------------------------------------------------
    A(
        "HS-0036",
        "How many fabric samples can I order?",
        "You can order up to 6 free fabric samples at a time, and they usually arrive in 2 to 3 working days [1]. There's no need to return them [1].",
        ["hc-fabric-samples"],
    ),
    A(
        "HS-0037",
        "I ordered a Custom Upholstery sofa 3 weeks ago. Can I cancel?",
        "Custom Upholstery orders can be cancelled free of charge within 14 days of ordering [1]. After that we've started cutting your fabric, so a cancellation fee of 25% of the order value applies [1]. For a typical Alder sofa in a custom fabric that works out at around £250 [2].",
        ["hc-fabric-samples", "hc-order-changes"],
        [
            C(
                "Custom Upholstery orders can be cancelled free of charge within 14 days of ordering",
                "figure",
                1,
                "stated",
                ev="Custom Upholstery orders can be cancelled free of charge within 14 days of ordering.",
            ),
            C(
                "After that we've started cutting your fabric, so a cancellation fee of 25% of the order value applies",
                "figure",
                1,
                "stated",
                ev="After that we have started cutting your fabric, and a cancellation fee of 25% of the order value applies.",
            ),
            C(
                "For a typical Alder sofa in a custom fabric that works out at around £250",
                "figure",
                2,
                "absent",
                PS,
                why="The order-changes article gives the 25% fee but no prices; '£250' is the answer's own figure.",
                dana=("absent", PS, "And it's wrong: 25% of £949 + 15% is about £273."),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0038",
        "Where are Custom Upholstery sofas made?",
        "Each Custom Upholstery piece is made to order in our workshop in Burnley [1]. The workshop has been making sofas for Hearthstead Home since 1987 [1].",
        ["hc-fabric-samples"],
        [
            C(
                "Each Custom Upholstery piece is made to order in our workshop in Burnley",
                "name",
                1,
                "stated",
                ev="Each piece is made to order in our workshop in Burnley",
            ),
            C(
                "The workshop has been making sofas for Hearthstead Home since 1987",
                "date",
                1,
                "absent",
                PS,
                why="No founding date for the Burnley workshop is given.",
                dana=("absent", PS, ""),
            ),
        ],
    ),
    # ---- damage and order changes --------------------------------------------------------
    A(
        "HS-0039",
        "My delivery arrived with a scratched door on the wardrobe. What do I do?",
        "Please report it within 48 hours of delivery using the 'Report a problem' link in your order, with photos of the damage and of the packaging [1]. For a damaged panel like a door, we'll send a replacement part free of charge, usually within 5 working days [1].",
        ["hc-damaged"],
        [
            C(
                "Please report it within 48 hours of delivery using the 'Report a problem' link in your order, with photos of the damage and of the packaging",
                "figure",
                1,
                "absent",
                PS,
                text="Damage must be reported within 48 hours of delivery via 'Report a problem', with photos of the damage and packaging.",
                why="The source describes reporting damaged items but the 48-hour limit was not found in the passage retrieved.",
                dana=(
                    "stated",
                    None,
                    "Judge missed it: 'tell us within 48 hours of delivery' is in the first paragraph.",
                ),
            ),
            C(
                "For a damaged panel like a door, we'll send a replacement part free of charge, usually within 5 working days",
                "figure",
                1,
                "stated",
                ev="For a missing part or a damaged panel, we send a replacement part free of charge, usually within 5 working days.",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0040",
        "I only noticed a crack in my table a week after delivery. Is it too late?",
        "It's not too late, but because it's more than 48 hours after delivery, it will be handled under our 2-year guarantee instead of as delivery damage [1]. Guarantee claims are assessed within 10 working days [2], and if the fault is covered we'll repair, replace or refund the item [2].",
        ["hc-damaged", "hc-warranty"],
        [
            C(
                "because it's more than 48 hours after delivery, it will be handled under our 2-year guarantee instead of as delivery damage",
                "policy",
                1,
                "stated",
                ev="Problems reported more than 48 hours after delivery are handled under our 2-year guarantee instead",
                text="Problems reported more than 48 hours after delivery are handled under the 2-year guarantee.",
            ),
            C(
                "Guarantee claims are assessed within 10 working days",
                "figure",
                2,
                "stated",
                ev="Our product care team assesses every claim within 10 working days.",
            ),
            C(
                "if the fault is covered we'll repair, replace or refund the item",
                "policy",
                2,
                "stated",
                ev="If the fault is covered, we will repair, replace or refund the item",
                text="If the fault is covered, Hearthstead Home will repair, replace or refund the item.",
            ),
        ],
    ),
    A(
        "HS-0041",
        "Can I change my delivery date?",
        "Yes, you can change the delivery date free of charge until your order is dispatched [1]. Large items are dispatched 2 days before the delivery date, so you'll need to make the change before then [1]. You can do it in 'My orders' or by calling 0330 123 4567 [1].",
        ["hc-order-changes"],
        correct=True,
    ),
    A(
        "HS-0042",
        "What are your customer care opening hours?",
        "Our customer care team is on 0330 123 4567, Monday to Friday 8am to 8pm and Saturday 9am to 5pm [1]. Lines are closed on Sundays and bank holidays [1].",
        ["hc-order-changes"],
        [
            C(
                "Our customer care team is on 0330 123 4567, Monday to Friday 8am to 8pm and Saturday 9am to 5pm",
                "date",
                1,
                "stated",
                ev="call our customer care team on 0330 123 4567, Monday to Friday 8am to 8pm and Saturday 9am to 5pm",
            ),
            C(
                "Lines are closed on Sundays and bank holidays",
                "date",
                1,
                "partial",
                PS,
                ev="Monday to Friday 8am to 8pm and Saturday 9am to 5pm",
                why="Sunday closure follows from the listed hours; bank holidays are not mentioned.",
            ),
        ],
    ),
    # ---- take-back ---------------------------------------------------------------------
    A(
        "HS-0043",
        "Will you take away my old sofa when you deliver the new one?",
        "Yes, our two-person team can take away your old sofa when we deliver the new one [1]. The take-back service costs £35 per item and needs to be booked at least 72 hours before delivery [1]. The sofa must be in one piece, dry and free of pests, with its fire-safety label attached [1].",
        ["hc-take-back"],
        [
            C(
                "our two-person team can take away your old sofa when we deliver the new one",
                "policy",
                1,
                "stated",
                ev="When we deliver a new sofa, armchair, bed or mattress, our two-person team can take away your old one.",
                text="The two-person team can take away an old sofa when delivering a new one.",
            ),
            C(
                "The take-back service costs £35 per item and needs to be booked at least 72 hours before delivery",
                "figure",
                1,
                "stated",
                ev="The take-back service costs £35 per item and must be booked at least 72 hours before delivery.",
                dana=("stated", None, ""),
            ),
            C(
                "The sofa must be in one piece, dry and free of pests, with its fire-safety label attached",
                "policy",
                1,
                "stated",
                ev="Items must be in one piece, dry and free of pests.",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0044",
        "Can you take my old mattress when you deliver a new bed frame?",
        "We can only take items of the same type as the ones we're delivering, so an old mattress would only be taken away with a new mattress [1]. If you're buying a Linden Hybrid mattress as well, take-back is free under the 100-night trial [1].",
        ["hc-take-back"],
        [
            C(
                "We can only take items of the same type as the ones we're delivering, so an old mattress would only be taken away with a new mattress",
                "policy",
                1,
                "stated",
                ev="We can only take items of the same type as the ones we are delivering",
            ),
            C(
                "If you're buying a Linden Hybrid mattress as well, take-back is free under the 100-night trial",
                "policy",
                1,
                "absent",
                PS,
                why="The take-back article charges £35 per item and never mentions the Linden Hybrid or a trial.",
                dana=(
                    "absent",
                    BI,
                    "Conflates free trial *returns* with take-back of an old mattress.",
                ),
                lee=("absent", BI, ""),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0045",
        "What happens to the furniture you take away?",
        "Everything we collect goes to our partner Second Rest, who reuse or recycle it [1]. In 2025 they kept 12,400 items of furniture and 3,100 mattresses out of landfill [2].",
        ["hc-take-back", "pdf-sustainability"],
    ),
    # ---- price lists -------------------------------------------------------------------
    A(
        "HS-0046",
        "What is the price of the Alder 3-seat sofa?",
        "The Alder 3-seat sofa is £899, including VAT at 20% [1].",
        ["price-list-furniture@2026-03"],
        [
            C(
                "The Alder 3-seat sofa is £899, including VAT at 20%",
                "figure",
                1,
                "stated",
                ev="Alder 3-seat sofa ........................ £899",
                dana=(
                    "stated",
                    None,
                    "Stated by the cited list, but that's the Spring/Summer list; the current price is £949.",
                ),
                lee=("stated", None, "Grounded in a superseded version."),
            )
        ],
        correct=False,
    ),
    A(
        "HS-0047",
        "How much is the Alder corner sofa, and is delivery extra?",
        "The Alder corner sofa is £1,399, including VAT [1]. Delivery is free, as it's over the £499 threshold for two-person delivery [1].",
        ["price-list-furniture"],
        [
            C(
                "The Alder corner sofa is £1,399, including VAT",
                "figure",
                1,
                "stated",
                ev="Alder corner sofa ........................ £1,399",
            ),
            C(
                "Delivery is free, as it's over the £499 threshold for two-person delivery",
                "figure",
                1,
                "absent",
                FP,
                why="The furniture price list has no delivery charges; £499 appears there only as the price of a double Linden bed frame.",
                dana=("absent", FP, "True per the delivery article, which wasn't cited."),
                lee=(
                    "absent",
                    FP,
                    "'£499' matches the bed frame price, so the mechanical check passes it.",
                ),
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0048",
        "What's the price of a king-size Linden Hybrid mattress?",
        "A king-size Linden Hybrid mattress is £649 [1], and it comes with a 100-night trial.",
        ["price-list-furniture@2026-03"],
        [
            C(
                "A king-size Linden Hybrid mattress is £649",
                "figure",
                1,
                "stated",
                ev="Linden Hybrid mattress, king ............. £649",
            ),
            C(
                "it comes with a 100-night trial",
                "figure",
                None,
                "absent",
                PS,
                text="The Linden Hybrid mattress comes with a 100-night trial.",
                why="Uncited; the only source is a price list, which says nothing about a trial.",
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0049",
        "How much is the Fenwick dining table and bench together?",
        "The Fenwick extending dining table in oak is £699 and the Fenwick bench is £199, so £898 together [1]. Add a pair of Fenwick dining chairs for £259 if you need extra seats [1].",
        ["price-list-furniture"],
        [
            C(
                "The Fenwick extending dining table in oak is £699 and the Fenwick bench is £199",
                "figure",
                1,
                "stated",
                ev="Fenwick extending dining table (oak) ..... £699",
            ),
            C(
                "so £898 together",
                "figure",
                1,
                "stated",
                text="The Fenwick table and bench cost £898 together.",
                ev="Fenwick bench ............................ £199",
                why="£699 + £199 = £898, both figures from the list.",
                dana=("stated", None, "Arithmetic is fine."),
                lee=("stated", None, ""),
            ),
            C(
                "Add a pair of Fenwick dining chairs for £259 if you need extra seats",
                "figure",
                1,
                "stated",
                ev="Fenwick dining chair (pair) .............. £259",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0050",
        "Has the price of the Harrow armchair gone up?",
        "Yes. The Harrow armchair is £449 on the Autumn/Winter 2026 price list [1], up from £429 on the Spring/Summer 2026 list [2]. The new prices have applied since 1 September 2026 [1].",
        ["price-list-furniture", "price-list-furniture@2026-03"],
        [
            C(
                "The Harrow armchair is £449 on the Autumn/Winter 2026 price list",
                "figure",
                1,
                "stated",
                ev="Harrow armchair .......................... £449",
                dana=("stated", None, "Current list, correct."),
            ),
            C(
                "up from £429 on the Spring/Summer 2026 list",
                "figure",
                2,
                "stated",
                text="The Harrow armchair was £429 on the Spring/Summer 2026 list.",
                ev="Harrow armchair .......................... £429",
            ),
            C(
                "The new prices have applied since 1 September 2026",
                "date",
                1,
                "stated",
                ev="prices valid from 1 September 2026",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0051",
        "How much extra is Custom Upholstery on a Harrow armchair?",
        "Custom Upholstery adds 10% to the list price of the Harrow armchair, which is £429 [1].",
        ["price-list-furniture@2026-03"],
        [
            C(
                "Custom Upholstery adds 10% to the list price of the Harrow armchair, which is £429",
                "figure",
                1,
                "stated",
                ev="Custom Upholstery: add 10% to the list price.",
                dana=("stated", None, "Superseded: now 15% on £449."),
                lee=("stated", None, "Old list."),
            )
        ],
        correct=False,
    ),
    A(
        "HS-0052",
        "What's the price of the tall Quill bookcase?",
        "The tall Quill bookcase is £219 and the low version is £139 [1].",
        ["price-list-furniture@2026-03"],
        [
            C(
                "The tall Quill bookcase is £219 and the low version is £139",
                "figure",
                1,
                "stated",
                ev="Quill bookcase, tall ..................... £219",
            )
        ],
        correct=False,
    ),
    A(
        "HS-0053",
        "How much is the Tamsin wardrobe with assembly?",
        "The Tamsin 2-door wardrobe is £629 [1], and assembly for a single item is £45 [2]. Because it's taller than 150 cm, the fitter will also fix it to the wall at no extra cost [2].",
        ["price-list-furniture", "price-list-services"],
        [
            C(
                "The Tamsin 2-door wardrobe is £629",
                "figure",
                1,
                "stated",
                ev="Tamsin 2-door wardrobe ................... £629",
            ),
            C(
                "assembly for a single item is £45",
                "figure",
                2,
                "stated",
                text="Assembly for a single item is £45.",
                ev="Assembly, first item ...................... £45",
            ),
            C(
                "Because it's taller than 150 cm, the fitter will also fix it to the wall at no extra cost",
                "relation",
                2,
                "absent",
                FP,
                why="Wall-fixing over 150 cm is in the assembly help article, not the services price list; neither source gives the Tamsin's height.",
                dana=("absent", FP, ""),
                lee=("absent", BI, "The height is assumed; I'd call it bridging."),
            ),
        ],
    ),
    # ---- pdf archive -------------------------------------------------------------------
    A(
        "HS-0054",
        "Is the Fenwick table hard to assemble?",
        "You'll need two people and about 45 minutes [1]. A 6 mm Allen key is included, but you'll need your own cross-head screwdriver [1]. Leave the bolts slightly loose until all four legs are on, then tighten them [1].",
        ["pdf-fenwick-assembly"],
        [
            C(
                "You'll need two people and about 45 minutes",
                "figure",
                1,
                "stated",
                ev="Two people are needed. Allow about 45 minutes.",
            ),
            C(
                "A 6 mm Allen key is included, but you'll need your own cross-head screwdriver",
                "policy",
                1,
                "stated",
                ev="Tools included: 6 mm Allen key. You will also need a cross-head screwdriver (not supplied).",
            ),
            C(
                "Leave the bolts slightly loose until all four legs are on, then tighten them",
                "policy",
                1,
                "stated",
                ev="Do not fully tighten until all four legs are in place.",
            ),
        ],
    ),
    A(
        "HS-0055",
        "How many people does the Fenwick table seat?",
        "The table seats 6 people closed, at 180 cm, and 8 people extended, at 230 cm [1]. It's solid oak throughout, so it will comfortably take a heavy centrepiece [1].",
        ["pdf-fenwick-assembly"],
        [
            C(
                "The table seats 6 people closed, at 180 cm, and 8 people extended, at 230 cm",
                "figure",
                1,
                "stated",
                ev="The table seats 6 people closed (180 cm) and 8 people extended (230 cm).",
            ),
            C(
                "It's solid oak throughout, so it will comfortably take a heavy centrepiece",
                "relation",
                1,
                "partial",
                BI,
                ev="Oiled oak ﬁnishes should be re-oiled every 6 to 12 months",
                why="The leaflet mentions oak finishes and a 60 kg load limit; 'solid oak throughout' and the conclusion are not stated.",
                dana=(
                    "absent",
                    BI,
                    "Nothing says solid oak; the 60 kg limit if anything cuts the other way.",
                ),
            ),
        ],
    ),
    A(
        "HS-0056",
        "How often should I oil my oak table?",
        "Oiled oak finishes should be re-oiled every 6 to 12 months with Hearthstead Hard Wax Oil [1]. It's also worth re-tightening the bolts after 2 weeks and then every 6 months [1].",
        ["pdf-fenwick-assembly"],
    ),
    A(
        "HS-0057",
        "How do I clean a coffee stain on my Alder sofa?",
        "Alder fabrics carry cleaning code W, so spot clean with a damp cloth and a mild, water-based upholstery cleaner [1]. Don't use solvents, bleach or a hair dryer, and don't machine wash the covers, as they aren't removable [1].",
        ["pdf-alder-care"],
        [
            C(
                "Alder fabrics carry cleaning code W, so spot clean with a damp cloth and a mild, water-based upholstery cleaner",
                "policy",
                1,
                "stated",
                ev="Alder fabrics carry cleaning code W: spot clean with a damp cloth and a mild, water-based upholstery cleaner.",
                lee=("stated", None, ""),
            ),
            C(
                "Don't use solvents, bleach or a hair dryer, and don't machine wash the covers, as they aren't removable",
                "policy",
                1,
                "stated",
                ev="Do not use solvents, bleach or a hair dryer. Covers are not removable and must not be machine washed.",
            ),
        ],
    ),
    A(
        "HS-0058",
        "Can I put the Alder cushion covers in the washing machine?",
        "No, Alder covers aren't removable and must not be machine washed [1]. For deeper cleaning, most customers book a professional upholstery clean once a year [1].",
        ["pdf-alder-care"],
        [
            C(
                "No, Alder covers aren't removable and must not be machine washed",
                "policy",
                1,
                "stated",
                ev="Covers are not removable and must not be machine washed.",
                text="Alder covers are not removable and must not be machine washed.",
            ),
            C(
                "For deeper cleaning, most customers book a professional upholstery clean once a year",
                "relation",
                1,
                "absent",
                CG,
                why="The booklet gives spot-cleaning instructions only; what 'most customers' do is not in it.",
                dana=("absent", CG, ""),
            ),
        ],
    ),
    A(
        "HS-0059",
        "How often should I turn my sofa cushions?",
        "Plump the seat and back cushions every day and turn them over every 2 weeks so they wear evenly [1]. Doing this keeps the 10-year frame guarantee valid [1].",
        ["pdf-alder-care"],
        [
            C(
                "Plump the seat and back cushions every day and turn them over every 2 weeks so they wear evenly",
                "figure",
                1,
                "stated",
                ev="Plump seat and back cushions every day and turn them over every 2 weeks so they wear evenly.",
            ),
            C(
                "Doing this keeps the 10-year frame guarantee valid",
                "relation",
                1,
                "absent",
                BI,
                text="Turning the cushions keeps the 10-year frame guarantee valid.",
                why="Cushion care and the 10-year frame guarantee are both in the booklet, but it never makes one a condition of the other.",
                lee=("absent", BI, "Two true facts, one false link."),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0060",
        "Where's the serial number on my sofa?",
        "It's printed on the white label under the seat deck [1].",
        ["pdf-alder-care"],
    ),
    A(
        "HS-0061",
        "What is the returns window in your terms and conditions?",
        "Under our terms and conditions, you can return any item other than made-to-order goods within 28 days of delivery for a full refund, as long as it's unused and in its original packaging [1]. For large items we collect, a £25 collection charge is deducted unless the item is faulty [1].",
        ["pdf-terms-2024"],
        [
            C(
                "you can return any item other than made-to-order goods within 28 days of delivery for a full refund, as long as it's unused and in its original packaging",
                "figure",
                1,
                "stated",
                text="Any item other than made-to-order goods can be returned within 28 days of delivery for a full refund if unused and in its original packaging.",
                ev="You may return any item, other than made-to-order goods, within 28 days of deliv-\nery for a full refund",
                dana=(
                    "stated",
                    None,
                    "Stated by the 2024 T&Cs, but the current help centre says 30 days.",
                ),
                lee=("stated", None, ""),
            ),
            C(
                "For large items we collect, a £25 collection charge is deducted unless the item is faulty",
                "figure",
                1,
                "stated",
                ev="a collection charge of £25 will be deducted\nfrom your refund unless the item is faulty",
                lee=("stated", None, "Out of date: £29 now."),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0062",
        "Do I have a legal right to cancel an online order?",
        "Yes. Under the Consumer Contracts Regulations 2013 you can cancel an online order within 14 days of receiving the goods, without giving a reason [1]. We'll refund you within 14 days of receiving the returned goods, using the same payment method [1].",
        ["pdf-terms-2024"],
        [
            C(
                "Under the Consumer Contracts Regulations 2013 you can cancel an online order within 14 days of receiving the goods, without giving a reason",
                "figure",
                1,
                "stated",
                ev="you have a statutory right to can-\ncel an online order within 14 days of receiving the goods, without giving any reason.",
                dana=("stated", None, ""),
            ),
            C(
                "We'll refund you within 14 days of receiving the returned goods, using the same payment method",
                "figure",
                1,
                "stated",
                ev="Refunds will be made within 14 days of our receiving the returned goods",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0063",
        "Are you responsible if the delivery team damages my floor?",
        "Our terms don't limit our liability for death or personal injury caused by our negligence [1]. For damage to your home during delivery, we cover repairs up to £500 per incident [1].",
        ["pdf-terms-2024", "hc-delivery"],
        [
            C(
                "Our terms don't limit our liability for death or personal injury caused by our negligence",
                "policy",
                1,
                "stated",
                ev="Nothing in these terms limits our liability for death or personal injury caused by our negli-\ngence.",
            ),
            C(
                "For damage to your home during delivery, we cover repairs up to £500 per incident",
                "figure",
                1,
                "absent",
                PS,
                why="The terms contain no cap or figure for damage to property during delivery.",
                dana=("absent", PS, ""),
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0064",
        "What is Hearthstead Home's registered company?",
        "Hearthstead Home Ltd is registered in England and Wales, company number 08812345, at Unit 4, Kestrel Park, Northampton NN4 7QE [1].",
        ["pdf-terms-2024"],
    ),
    A(
        "HS-0065",
        "Can I return a mattress after 40 nights if it's too soft?",
        "Yes, you're past the 30-night minimum and within the 100-night trial, so you can ask for a return [1]. We'll collect it free of charge and give you a full refund [1]. Please make sure it isn't stained, as stained or damaged mattresses won't be accepted [1].",
        ["pdf-mattress-trial"],
        [
            C(
                "Yes, you're past the 30-night minimum and within the 100-night trial, so you can ask for a return",
                "relation",
                1,
                "stated",
                text="After 30 nights and within the 100-night trial, a return can be requested.",
                ev="Please keep it for at least 30 nights before asking for a return",
                dana=("stated", None, ""),
            ),
            C(
                "We'll collect it free of charge and give you a full refund",
                "policy",
                1,
                "stated",
                ev="we'll collect it free of charge and give you a full refund",
            ),
            C(
                "Please make sure it isn't stained, as stained or damaged mattresses won't be accepted",
                "policy",
                1,
                "stated",
                ev="Mattresses returned stained or damaged will not be accepted.",
            ),
        ],
    ),
    A(
        "HS-0066",
        "Is the Linden Hybrid available in super king?",
        "Yes, the Linden Hybrid comes in Single, Double, King and Super King, in Medium and Firm [1]. It has 1,200 individually pocketed springs [1].",
        ["pdf-mattress-trial"],
    ),
    A(
        "HS-0067",
        "Are returned trial mattresses resold?",
        "No, returned mattresses are never resold [1]. They're donated to our partner Second Rest or recycled [1], and in 2025 Second Rest kept 3,100 mattresses out of landfill [2].",
        ["pdf-mattress-trial", "pdf-sustainability"],
        [
            C(
                "No, returned mattresses are never resold",
                "policy",
                1,
                "stated",
                ev="Returned mattresses are never resold.",
                text="Returned mattresses are never resold.",
            ),
            C(
                "They're donated to our partner Second Rest or recycled",
                "name",
                1,
                "stated",
                ev="They are donated to our partner Second Rest, or recycled.",
            ),
            C(
                "in 2025 Second Rest kept 3,100 mattresses out of landfill",
                "figure",
                2,
                "absent",
                PS,
                text="In 2025 Second Rest kept 3,100 mattresses out of landfill.",
                why="The report gives 3,100 mattresses but does not date it to 2025 explicitly.",
                dana=(
                    "stated",
                    None,
                    "It's the 2025 report's highlights; the year is clear from context.",
                ),
                lee=("stated", None, "Judge too literal."),
            ),
        ],
    ),
    A(
        "HS-0068",
        "Can a store refund me after 40 days if I haven't used the item?",
        "Yes, a store manager can approve a refund up to 45 days after delivery if the item is unused [1]. Refunds go back to your original payment method and take 3 to 5 working days to reach your account [1].",
        ["pdf-store-returns"],
        [
            C(
                "Yes, a store manager can approve a refund up to 45 days after delivery if the item is unused",
                "figure",
                1,
                "stated",
                text="A store manager can approve a refund up to 45 days after delivery if the item is unused.",
                ev="a store manager may approve a refund up to 45 days after delivery if the item is unused",
                dana=(
                    "stated",
                    None,
                    "Stated, but the source is an internal till procedure and the goodwill is discretionary.",
                ),
                lee=(
                    "partial",
                    CG,
                    "'may approve' at their discretion is not 'can'; the answer turns goodwill into a right.",
                ),
            ),
            C(
                "Refunds go back to your original payment method and take 3 to 5 working days to reach your account",
                "figure",
                1,
                "stated",
                ev="Card refunds take 3 to 5 working days to reach the customer's account.",
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0069",
        "I lost my receipt. Can I still return something in store?",
        "Without proof of purchase, our stores can offer an exchange or a gift card for the lowest selling price in the last 30 days [1]. Small items can also be returned free at any Hearthstead Home store [2].",
        ["pdf-store-returns", "hc-returns"],
        [
            C(
                "Without proof of purchase, our stores can offer an exchange or a gift card for the lowest selling price in the last 30 days",
                "figure",
                1,
                "stated",
                ev="Without proof of purchase, offer an exchange or a gift card for the lowest selling price in the last 30 days.",
            ),
            C(
                "Small items can also be returned free at any Hearthstead Home store",
                "policy",
                2,
                "stated",
                ev="Small items can be returned free of charge at any Hearthstead Home store",
            ),
        ],
    ),
    A(
        "HS-0070",
        "How sustainable is your wood?",
        "In 2025, 87% of the wood in our furniture was FSC-certified or recycled, up from 71% in 2023 [1]. We're aiming for net zero in our own operations by 2030 and across our supply chain by 2040 [1].",
        ["pdf-sustainability"],
    ),
    A(
        "HS-0071",
        "Do you use electric vans?",
        "Yes, all deliveries from our Millbrook distribution centre within 30 miles now use electric vans [1]. Our two-person teams from Kestrel Park switched to electric vans in 2025 as well [2].",
        ["pdf-sustainability", "hc-delivery"],
        [
            C(
                "Yes, all deliveries from our Millbrook distribution centre within 30 miles now use electric vans",
                "figure",
                1,
                "stated",
                text="All deliveries from the Millbrook distribution centre within 30 miles use electric vans.",
                ev="All deliveries from our Millbrook distribution centre within 30 miles now use electric vans.",
            ),
            C(
                "Our two-person teams from Kestrel Park switched to electric vans in 2025 as well",
                "date",
                2,
                "absent",
                PS,
                why="The delivery article names the Kestrel Park two-person team but says nothing about electric vans or 2025.",
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0072",
        "Is the Alder sofa filling recycled?",
        "Not yet across the whole range: by the end of 2027 every sofa in the Alder range will use recycled polyester fibre filling [2].",
        ["pdf-sustainability", "pdf-alder-care"],
        [
            C(
                "by the end of 2027 every sofa in the Alder range will use recycled polyester fibre filling",
                "date",
                2,
                "absent",
                FP,
                text="By the end of 2027 every Alder sofa will use recycled polyester fibre filling.",
                why="The care booklet [2] says nothing about filling materials; the sustainability report [1] is where this is stated.",
                dana=("absent", FP, "Right fact, wrong citation: it's in [1]."),
                lee=("absent", FP, ""),
            )
        ],
        correct=True,
    ),
    A(
        "HS-0073",
        "How long does a refund take after a store return?",
        "Card refunds take 3 to 5 working days to reach your account [1]. For items returned by post or collection, we refund within 5 working days of the item arriving at our returns centre [1].",
        ["hc-returns", "pdf-store-returns"],
        [
            C(
                "Card refunds take 3 to 5 working days to reach your account",
                "figure",
                1,
                "absent",
                FP,
                why="The returns article [1] does not give card refund times; the store procedure [2] does.",
                dana=("absent", FP, ""),
            ),
            C(
                "For items returned by post or collection, we refund within 5 working days of the item arriving at our returns centre",
                "figure",
                1,
                "stated",
                ev="We refund the original payment method within 5 working days of the item arriving there.",
            ),
        ],
        correct=True,
    ),
    # ---- email export ------------------------------------------------------------------
    A(
        "HS-0074",
        "My Fenwick table delivery didn't turn up. What's happening?",
        "I'm sorry about that. A delivery vehicle fault at our Kestrel Park warehouse has delayed a number of large-item deliveries [1], and missed deliveries are rebooked within 10 working days [1]. You'll get a 2-hour time slot by text the evening before your new date [2].",
        ["email-fenwick-delay", "hc-delivery"],
        [
            C(
                "A delivery vehicle fault at our Kestrel Park warehouse has delayed a number of large-item deliveries",
                "relation",
                1,
                "stated",
                ev="A delivery vehicle fault at our Kestrel Park warehouse has delayed a number of large-item deliveries this week.",
                dana=(
                    "partial",
                    CG,
                    "True of one week in October, for another customer; not necessarily this order.",
                ),
                lee=(
                    "stated",
                    None,
                    "The email does say this; whether it applies to this order is a correctness question.",
                ),
            ),
            C(
                "missed deliveries are rebooked within 10 working days",
                "figure",
                1,
                "absent",
                PS,
                text="Missed deliveries are rebooked within 10 working days.",
                why="The email rebooks one order for 28 October; no general rebooking time is given.",
                dana=("absent", PS, ""),
            ),
            C(
                "You'll get a 2-hour time slot by text the evening before your new date",
                "policy",
                2,
                "stated",
                ev="text you a 2-hour time slot the evening before",
            ),
        ],
    ),
    A(
        "HS-0075",
        "Will I get compensation for a late delivery?",
        "When a delivery is missed, we add a £20 voucher to your account as an apology, valid for 3 months [1].",
        ["email-fenwick-delay"],
        [
            C(
                "When a delivery is missed, we add a £20 voucher to your account as an apology, valid for 3 months",
                "policy",
                1,
                "stated",
                ev="As an apology I've added a £20 voucher to your account, valid for 3 months.",
                dana=(
                    "partial",
                    CG,
                    "A one-off goodwill gesture in one email, presented as policy.",
                ),
                lee=("partial", CG, ""),
            )
        ],
        correct=False,
    ),
    A(
        "HS-0076",
        "My armchair leg has split. How quickly can someone fix it?",
        "If the fault is covered by your 2-year guarantee, our repair partner Fixwell will contact you within 5 working days to arrange a visit [1]. Every claim is first assessed by our product care team within 10 working days [2].",
        ["email-harrow-warranty", "hc-warranty"],
        [
            C(
                "If the fault is covered by your 2-year guarantee, our repair partner Fixwell will contact you within 5 working days to arrange a visit",
                "figure",
                1,
                "stated",
                ev="Our repair partner Fixwell will contact you within 5 working days to arrange a visit.",
            ),
            C(
                "Every claim is first assessed by our product care team within 10 working days",
                "figure",
                2,
                "stated",
                ev="Our product care team assesses every claim within 10 working days.",
            ),
        ],
    ),
    A(
        "HS-0077",
        "Do you deliver to the Isle of Skye?",
        "Yes, we deliver to Skye through our partner carrier Clanline Freight, which runs to the island every Tuesday and Thursday [1]. There's a £25 surcharge on top of the two-person delivery charge, and delivery can take up to 5 extra working days [2].",
        ["email-skye-delivery", "hc-delivery"],
        [
            C(
                "Yes, we deliver to Skye through our partner carrier Clanline Freight, which runs to the island every Tuesday and Thursday",
                "name",
                1,
                "stated",
                text="Deliveries to Skye go through the partner carrier Clanline Freight, every Tuesday and Thursday.",
                ev="Deliveries to Skye are handled by our partner carrier Clanline Freight, who run to the island every Tuesday and Thursday.",
            ),
            C(
                "There's a £25 surcharge on top of the two-person delivery charge, and delivery can take up to 5 extra working days",
                "figure",
                2,
                "stated",
                ev="carry a £25 surcharge and can take up to 5 extra working days",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0078",
        "Can I get my sofa assembled on Skye?",
        "Unfortunately assembly isn't available for deliveries to the Scottish islands [2], and take-back of an old sofa isn't available on island deliveries either [1]. Clanline Freight's drivers can, however, carry the sofa to the room of your choice [1].",
        ["email-skye-delivery", "hc-assembly"],
        [
            C(
                "Unfortunately assembly isn't available for deliveries to the Scottish islands",
                "policy",
                2,
                "stated",
                text="Assembly is not available for deliveries to the Scottish islands.",
                ev="Assembly is not available for Click & Collect orders or for orders delivered to the Scottish islands.",
            ),
            C(
                "take-back of an old sofa isn't available on island deliveries either",
                "policy",
                1,
                "stated",
                text="Take-back of an old sofa is not available on island deliveries.",
                ev="assembly and take-back of your old sofa aren't available on island deliveries",
            ),
            C(
                "Clanline Freight's drivers can, however, carry the sofa to the room of your choice",
                "name",
                1,
                "absent",
                PS,
                why="The email names Clanline Freight but says nothing about its drivers placing items in a room.",
                lee=(
                    "absent",
                    BI,
                    "Room-of-choice is the in-house team's service; borrowed, not invented.",
                ),
            ),
        ],
    ),
    A(
        "HS-0079",
        "My Klarna app still shows the full amount after my return. Why?",
        "Refunds to Klarna go back to Klarna first, not to your bank, and Klarna then updates your payment plan, which can take up to 5 working days [1]. If you'd already made a payment, Klarna refunds that part to the card you paid with [1]. If nothing changes after that, contact Klarna directly with your refund reference [1].",
        ["email-klarna-refund", "hc-payment"],
        [
            C(
                "Refunds to Klarna go back to Klarna first, not to your bank, and Klarna then updates your payment plan, which can take up to 5 working days",
                "figure",
                1,
                "stated",
                ev="Klarna then updates your payment plan, which can take up to 5 working days.",
                dana=("stated", None, ""),
            ),
            C(
                "If you'd already made a payment, Klarna refunds that part to the card you paid with",
                "policy",
                1,
                "stated",
                ev="If you had already made a payment, Klarna will refund that part to the card you paid with.",
            ),
            C(
                "If nothing changes after that, contact Klarna directly with your refund reference",
                "policy",
                1,
                "stated",
                ev="please contact Klarna directly, quoting our refund reference RF-88213",
            ),
        ],
        correct=True,
    ),
    # ---- markup in the text (shown inert by the UI) ------------------------------------
    A(
        "HS-0080",
        "Is the Harrow armchair in the [bold]Winter Sale[/bold]? The site says 50% off [red]now[/]",
        "I can't confirm the \"50% off [red]now[/]\" banner from here, as Winter Sale prices aren't in the documents I can see. Blaze members of Hearth Rewards get early access to the Winter Sale [2], and our price promise doesn't apply during the sale [1].",
        ["hc-price-promise", "hc-loyalty"],
        [
            C(
                "Blaze members of Hearth Rewards get early access to the Winter Sale",
                "policy",
                2,
                "stated",
                ev="early access to the Winter Sale",
            ),
            C(
                "our price promise doesn't apply during the sale",
                "policy",
                1,
                "stated",
                text="The price promise does not apply during the Winter Sale.",
                ev="we do not match prices during our Winter Sale or on Black Friday",
            ),
        ],
    ),
    A(
        "HS-0081",
        "What does the [b]SALE[/b] badge mean on your website?",
        "Products marked [bold]SALE[/bold] are reduced from the price on our Autumn/Winter 2026 price list [1]. Sale prices can't be combined with Hearth Rewards vouchers [1].",
        ["price-list-furniture"],
    ),
    # ---- dangling citations ------------------------------------------------------------
    A(
        "HS-0082",
        "What's your returns policy for bedding?",
        "Mattresses, pillows and bedding can only be returned within 14 days, and only if the protective wrapping is unopened [1]. Our terms also require the hygiene seal to be unbroken [2]. Bedding bought in a sale can be exchanged but not refunded [3].",
        ["hc-returns", "pdf-terms-2024"],
        [
            C(
                "Mattresses, pillows and bedding can only be returned within 14 days, and only if the protective wrapping is unopened",
                "figure",
                1,
                "stated",
                ev="Mattresses, pillows and bedding can only be returned within 14 days, and only if the protective wrapping is unopened.",
            ),
            C(
                "Our terms also require the hygiene seal to be unbroken",
                "policy",
                2,
                "stated",
                ev="Mattresses and bedding may be returned only if the hygiene seal is un-\nbroken.",
            ),
            C(
                "Bedding bought in a sale can be exchanged but not refunded",
                "policy",
                3,
                "absent",
                FP,
                why="Cites [3], but the answer carries only 2 sources (dangling citation).",
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0083",
        "Do Blaze members get free delivery?",
        "Yes, Blaze members get free two-person delivery as well as free standard delivery [1][2]. Free delivery also covers the £25 Highlands surcharge for Blaze members [4].",
        ["hc-loyalty", "price-list-services", "hc-delivery"],
        [
            C(
                "Yes, Blaze members get free two-person delivery as well as free standard delivery",
                "policy",
                1,
                "stated",
                text="Blaze members get free two-person delivery as well as free standard delivery.",
                ev="Everything in Flame, plus free two-person delivery",
            ),
            C(
                "Free delivery also covers the £25 Highlands surcharge for Blaze members",
                "figure",
                4,
                "absent",
                FP,
                why="Cites [4], but the answer carries only 3 sources (dangling citation).",
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0084",
        "How long do gift cards last?",
        "Hearthstead Home gift cards are valid for 24 months from the date of purchase, and you can check the balance on our website [2].",
        ["hc-payment"],
        [
            C(
                "Hearthstead Home gift cards are valid for 24 months from the date of purchase, and you can check the balance on our website",
                "figure",
                2,
                "absent",
                FP,
                why="Cites [2], but the answer carries only 1 source (dangling citation).",
            )
        ],
    ),
    # ---- uncited sentences ---------------------------------------------------------------
    A(
        "HS-0085",
        "Do you have a showroom in Leeds?",
        "We have 42 Hearthstead Home stores, and you can use Click & Collect free from all of them [1]. Our Leeds store at Kirkstall is one of our 9 large-format stores, so you can see the full Alder range there.",
        ["hc-click-collect"],
        [
            C(
                "We have 42 Hearthstead Home stores, and you can use Click & Collect free from all of them",
                "figure",
                1,
                "stated",
                ev="Click & Collect is free from all 42 Hearthstead Home stores.",
            ),
            C(
                "Our Leeds store at Kirkstall is one of our 9 large-format stores, so you can see the full Alder range there",
                "name",
                None,
                "absent",
                PS,
                why="Uncited. No source names a Leeds or Kirkstall store or says which stores carry the Alder range.",
                lee=("absent", PS, "Store name invented."),
            ),
        ],
    ),
    A(
        "HS-0086",
        "Is CarePlus worth it?",
        "CarePlus costs 8% of the item price, with a minimum of £29, and lasts 5 years [1]. It covers accidental stains and damage [2]. Most customers with children or pets find it pays for itself within the first year.",
        ["price-list-services", "hc-warranty"],
        [
            C(
                "CarePlus costs 8% of the item price, with a minimum of £29, and lasts 5 years",
                "figure",
                1,
                "stated",
                ev="CarePlus protection (5 years) ............. 8% of item price, minimum £29",
            ),
            C(
                "It covers accidental stains and damage",
                "policy",
                2,
                "stated",
                text="CarePlus covers accidental stains and damage.",
                ev="accidental stains and damage are covered for 5 years",
            ),
            C(
                "Most customers with children or pets find it pays for itself within the first year",
                "relation",
                None,
                "absent",
                CG,
                why="Uncited, and neither source says anything about how customers value CarePlus.",
                dana=("absent", CG, ""),
            ),
        ],
    ),
    A(
        "HS-0087",
        "When will my replacement hinge arrive?",
        "Replacement parts are sent from Millbrook [1]. They usually arrive within 5 working days, and the fitter will then come back at no charge.",
        ["email-assembly-refund"],
        [
            C(
                "Replacement parts are sent from Millbrook",
                "name",
                1,
                "stated",
                ev="The hinge pack has been sent from Millbrook",
            ),
            C(
                "They usually arrive within 5 working days, and the fitter will then come back at no charge",
                "figure",
                None,
                "partial",
                BI,
                text="Replacement parts usually arrive within 5 working days, and the fitter then returns at no charge.",
                why="Uncited. The email rebooks the fitter at no charge and mentions 3 to 5 working days.",
                dana=(
                    "absent",
                    PS,
                    "The 3-5 days in the email is the refund, not the part; the part was due 'by Tuesday 6 October'.",
                ),
                lee=("absent", PS, ""),
            ),
        ],
    ),
    # ---- more everyday questions --------------------------------------------------------
    A(
        "HS-0088",
        "Can I change the colour of my order after placing it?",
        "You can change or cancel your order free of charge until it's dispatched [1]. Orders for small items are usually dispatched within 24 hours, so it's best to get in touch quickly [1].",
        ["hc-order-changes"],
    ),
    A(
        "HS-0089",
        "Do you deliver on bank holidays?",
        "We deliver Monday to Saturday between 7am and 7pm [1]. Bank holiday deliveries run as normal unless the holiday falls on a Sunday [1].",
        ["hc-delivery"],
    ),
    A(
        "HS-0090",
        "Do you sell garden furniture?",
        "I'm sorry, I couldn't find anything about garden furniture in the documents I can search. Our customer care team on 0330 123 4567 can tell you what's in stock.",
        [],
    ),
    A(
        "HS-0091",
        "How much is the Linden king bed frame, and can I collect it?",
        "The Linden king bed frame is £579 [1]. As a large item, it can be collected from one of our 9 large-format stores, 5 to 7 working days after ordering [2].",
        ["price-list-furniture@2026-03", "hc-click-collect"],
        [
            C(
                "The Linden king bed frame is £579",
                "figure",
                1,
                "stated",
                ev="Linden bed frame, king ................... £579",
                lee=("stated", None, "Superseded list: £599 since 1 September."),
            ),
            C(
                "As a large item, it can be collected from one of our 9 large-format stores, 5 to 7 working days after ordering",
                "figure",
                2,
                "stated",
                ev="Large items can be collected from our 9 large-format stores only, 5 to 7 working days after ordering.",
            ),
        ],
        correct=False,
    ),
    A(
        "HS-0092",
        "How much is the Linden double mattress?",
        "The Linden Hybrid mattress in double is £579, including VAT at 20% [1]. It comes with our 100-night trial, and you can pay in 3 interest-free instalments with Klarna [1].",
        ["price-list-furniture"],
        [
            C(
                "The Linden Hybrid mattress in double is £579, including VAT at 20%",
                "figure",
                1,
                "stated",
                ev="Linden Hybrid mattress, double ........... £579",
            ),
            C(
                "It comes with our 100-night trial, and you can pay in 3 interest-free instalments with Klarna",
                "policy",
                1,
                "absent",
                FP,
                text="The Linden Hybrid comes with a 100-night trial and can be paid in 3 interest-free Klarna instalments.",
                why="Both facts are true elsewhere in the corpus, but the price list cited here mentions neither.",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0093",
        "What's the difference between Flame and Blaze?",
        "Flame needs 500 points or more in a calendar year and gives you free standard delivery on every order and a £10 birthday voucher [1]. Blaze needs 1,500 points or more and adds free two-person delivery, 60-day returns and early access to the Winter Sale [1].",
        ["hc-loyalty"],
    ),
    A(
        "HS-0094",
        "Can I return a made-to-order sofa if I don't like the colour?",
        "Unfortunately not: made-to-order items from our Custom Upholstery range can't be returned unless they're faulty or not as described [1]. That's why we recommend checking fabric samples in daylight before ordering; you can order up to 6 free [2].",
        ["hc-returns", "hc-fabric-samples"],
        correct=True,
    ),
    A(
        "HS-0095",
        "Do you charge for returns?",
        "Small items can be returned free at any Hearthstead Home store or by post using the prepaid label in your account [1]. For large items we collect, there's a £29 collection charge, which is waived if the item is faulty [1]. Delivery charges are only refunded if you return the whole order [1].",
        ["hc-returns"],
        [
            C(
                "Small items can be returned free at any Hearthstead Home store or by post using the prepaid label in your account",
                "policy",
                1,
                "stated",
                ev="Small items can be returned free of charge at any Hearthstead Home store or by post using the prepaid label in your account.",
            ),
            C(
                "For large items we collect, there's a £29 collection charge, which is waived if the item is faulty",
                "figure",
                1,
                "stated",
                ev="collection costs £29, which is deducted from your refund. Collection is free if the item is faulty.",
                dana=("stated", None, "'waived' = 'free if faulty'; fine."),
            ),
            C(
                "Delivery charges are only refunded if you return the whole order",
                "policy",
                1,
                "stated",
                ev="Delivery charges are refunded only if you return the whole order.",
            ),
        ],
    ),
    A(
        "HS-0096",
        "How long is delivery for a small order?",
        "Small items are sent from our Millbrook distribution centre by tracked courier and arrive in 3 to 5 working days [1]. Standard delivery is £4.95, or free on orders over £50 [1].",
        ["hc-delivery"],
    ),
    A(
        "HS-0097",
        "I'm a Flame member. Is standard delivery free for me?",
        "Yes, Flame members get free standard delivery on every order [1], whatever the order value. Normally standard delivery is £4.95 and free on orders over £50 [2].",
        ["hc-loyalty", "hc-delivery"],
        [
            C(
                "Yes, Flame members get free standard delivery on every order",
                "policy",
                1,
                "stated",
                text="Flame members get free standard delivery on every order.",
                ev="Free standard delivery on every order",
                dana=("stated", None, ""),
            ),
            C(
                "Normally standard delivery is £4.95 and free on orders over £50",
                "figure",
                2,
                "stated",
                ev="Standard delivery costs £4.95 and is free on orders over £50.",
            ),
        ],
    ),
    A(
        "HS-0098",
        "Can I get the 0% finance on a £600 order?",
        "0% APR over 12 months is only available on orders over £750, so a £600 order wouldn't qualify [1]. You could use Klarna to split it into 3 interest-free payments instead [1].",
        ["hc-payment"],
        [
            C(
                "0% APR over 12 months is only available on orders over £750, so a £600 order wouldn't qualify",
                "figure",
                1,
                "stated",
                ev="on orders over £750 you can spread the cost over 12 months at 0% APR",
                why="The £750 threshold is stated; £600 is the customer's own figure.",
            ),
            C(
                "You could use Klarna to split it into 3 interest-free payments instead",
                "policy",
                1,
                "stated",
                ev="split any order between £30 and £1,500 into 3 interest-free payments",
            ),
        ],
        correct=True,
    ),
    A(
        "HS-0099",
        "When does the Winter Sale start?",
        "Blaze members get early access to the Winter Sale [1]. The sale usually starts on Boxing Day, with Blaze access opening 48 hours earlier [1].",
        ["hc-loyalty", "hc-price-promise"],
        [
            C(
                "Blaze members get early access to the Winter Sale",
                "policy",
                1,
                "stated",
                ev="early access to the Winter Sale",
            ),
            C(
                "The sale usually starts on Boxing Day, with Blaze access opening 48 hours earlier",
                "date",
                1,
                "absent",
                PS,
                why="Early access is stated, but no start date or head start is given anywhere.",
                dana=("absent", PS, ""),
            ),
        ],
    ),
    A(
        "HS-0100",
        "Where is my return processed?",
        "All returns are inspected at our returns centre at Kestrel Park, Northampton [1]. Once your item arrives there, we refund your original payment method within 5 working days [1].",
        ["hc-returns"],
    ),
]


# --------------------------------------------------------------------------------------
# Building.
# --------------------------------------------------------------------------------------

_MARKER = re.compile(r"\s*\[\d+\]")
_STATED_WHY = (
    "The cited passage states this.",
    "Directly supported by the cited text.",
    "Matches the source's wording.",
    "The source asserts this, with the same figures.",
)


def _once(haystack: str, needle: str, what: str) -> int:
    count = haystack.count(needle)
    assert count == 1, f"{what}: {needle!r} occurs {count} times"
    return haystack.find(needle)


def _claim_text(span_text: str) -> str:
    text = _MARKER.sub("", span_text).strip().rstrip(".,;")
    for lead in ("Yes, ", "No, ", "so ", "and ", "but "):
        if text.startswith(lead):
            text = text[len(lead) :]
    return text[0].upper() + text[1:] + "."


class _Clock:
    """Deterministic review times: each reviewer labels in order through November 2026."""

    def __init__(self, start: str) -> None:
        self.at = datetime.fromisoformat(start)
        self.n = 0

    def next(self) -> str:
        self.n += 1
        self.at += timedelta(minutes=4 + (self.n * 7) % 9)
        if self.at.hour >= 17:
            self.at = (self.at + timedelta(days=1)).replace(hour=9, minute=5 + self.n % 20)
            while self.at.weekday() >= 5:
                self.at += timedelta(days=1)
        return self.at.strftime("%Y-%m-%dT%H:%M:%SZ")


def _reviews(claim: C, clocks: dict[str, _Clock]) -> list[dict[str, Any]]:
    out = []
    for name, labels in (("dana", claim.dana), ("lee", claim.lee)):
        if labels is None:
            continue
        # lee reviews second, without seeing dana's labels: the overlap's way
        independent = name == "lee" and claim.dana is not None
        for verdict, kind, note in labels if isinstance(labels, list) else [labels]:
            assert (verdict == "stated") == (kind is None), (claim.span, name)
            review = {
                "reviewer": name,
                "verdict": verdict,
                "invention_kind": kind,
                "note": note,
                "at": clocks[name].next(),
            }
            if independent:
                review["independent"] = True
            out.append(review)
    return out


def build() -> list[dict[str, Any]]:
    clocks = {"dana": _Clock("2026-11-09T09:00:00"), "lee": _Clock("2026-11-16T13:30:00")}
    ids = [a.id for a in ANSWERS]
    assert len(ids) == len(set(ids)), "duplicate answer id"
    records = []
    for n, a in enumerate(ANSWERS):
        sources = [dict(SOURCES[key]) for key in a.sources]
        assert 0 <= len(sources) <= 4, a.id
        record: dict[str, Any] = {
            "id": a.id,
            "question": a.question,
            "response": a.response,
            "sources": sources,
        }
        if a.correct is not None:
            record["correct"] = a.correct
        record["meta"] = {
            "model": "atlas-rag-2026.09" if n < 45 else "atlas-rag-2026.10",
            "trace_id": hashlib.sha256(a.id.encode()).hexdigest()[:16],
            "channel": "email" if n % 7 == 3 else "web-chat",
        }
        if a.claims is not None:
            claims = []
            for i, c in enumerate(a.claims):
                what = f"{a.id} claim {i + 1}"
                start = _once(a.response, c.span, what)
                assert c.kind in {"figure", "date", "name", "policy", "relation"}, what
                assert c.verdict in {"stated", "contradicted", "absent", "partial"}, what
                assert (c.verdict == "stated") == (c.ik is None), what
                claim: dict[str, Any] = {"text": c.text or _claim_text(c.span), "kind": c.kind}
                if c.cite is not None:
                    claim["citation"] = c.cite
                claim["span"] = [start, start + len(c.span)]
                claim["verdict"] = c.verdict
                claim["invention_kind"] = c.ik
                dangling = c.cite is not None and c.cite > len(sources)
                if c.ev is not None:
                    assert c.cite is not None and not dangling, what
                    text = sources[c.cite - 1]["text"]
                    ev = _once(text, c.ev, f"{what} evidence")
                    claim["evidence"] = [ev, ev + len(c.ev)]
                    assert text[ev : ev + len(c.ev)] == c.ev
                if dangling:
                    assert c.verdict == "absent" and c.ik == FP, what
                claim["judge"] = JUDGE
                claim["rationale"] = c.why or _STATED_WHY[(n + i) % len(_STATED_WHY)]
                assert c.verdict == "stated" or c.why, f"{what}: needs a rationale"
                reviews = _reviews(c, clocks)
                if reviews:
                    claim["reviews"] = reviews
                s, e = claim["span"]
                assert a.response[s:e] == c.span
                claims.append(claim)
            record["claims"] = claims
        Answer.model_validate(record)
        records.append(record)
    # identical text for the same id and version across answers
    seen: dict[tuple[str, str | None], str] = {}
    for r in records:
        for s in r["sources"]:
            key = (s["id"], s["updated_at"])
            assert seen.setdefault(key, s["text"]) == s["text"], key
    return records


def main() -> None:
    records = build()
    with OUT.open("w", encoding="utf-8", newline="\n") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    claims = sum(len(r.get("claims") or []) for r in records)
    print(f"wrote {OUT.relative_to(HERE.parent)}: {len(records)} answers, {claims} claims")


if __name__ == "__main__":
    main()
