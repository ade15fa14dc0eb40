BEGIN TRANSACTION;
CREATE TABLE "_migrations" (
   "name" TEXT PRIMARY KEY,
   "applied_at" TEXT
);
INSERT INTO "_migrations" VALUES('m001_initial','2026-12-06T06:28:41.473366Z');
INSERT INTO "_migrations" VALUES('m002_report_aggregates','2026-12-06T06:28:41.495350Z');
INSERT INTO "_migrations" VALUES('m003_extractions','2026-12-06T06:28:41.496123Z');
INSERT INTO "_migrations" VALUES('m004_settings','2026-12-06T06:28:41.496493Z');
INSERT INTO "_migrations" VALUES('m005_completion_answers','2026-12-06T06:28:41.497014Z');
INSERT INTO "_migrations" VALUES('m006_team','2026-12-06T06:28:41.516889Z');
INSERT INTO "_migrations" VALUES('m007_citations','2026-12-06T06:28:41.523035Z');
INSERT INTO "_migrations" VALUES('m008_claim_edits','2026-12-06T06:28:41.527734Z');
INSERT INTO "_migrations" VALUES('m009_independent_reviews','2026-12-06T06:28:41.529502Z');
INSERT INTO "_migrations" VALUES('m010_lease_heartbeats','2026-12-06T06:28:41.532720Z');
CREATE TABLE "adjudications" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT NOT NULL REFERENCES "claims"("id"),
   "adjudicator" TEXT NOT NULL,
   "verdict" TEXT,
   "invention_kind" TEXT,
   "note" TEXT,
   "at" TEXT NOT NULL,
   "reverts" INTEGER
);
INSERT INTO "adjudications" VALUES(1,'A-1#1','lead','stated',NULL,'','2026-12-06T06:28:42.622129Z',NULL);
CREATE TABLE agg_answer_origins (
  answer_id text not null, origin text not null, claims integer not null,
  primary key (answer_id, origin)
) without rowid;
INSERT INTO "agg_answer_origins" VALUES('A-1','help-centre',2);
INSERT INTO "agg_answer_origins" VALUES('A-1','wiki',1);
INSERT INTO "agg_answer_origins" VALUES('A-2','help-centre',2);
INSERT INTO "agg_answer_origins" VALUES('A-2','wiki',1);
INSERT INTO "agg_answer_origins" VALUES('A-3','help-centre',1);
INSERT INTO "agg_answer_origins" VALUES('A-3','wiki',1);
CREATE TABLE agg_answer_state (
  answer_id text primary key, claims integer not null default 0,
  labelled integer not null default 0, stated integer not null default 0,
  absent integer not null default 0, correct integer,
  scanned integer not null default 0, flagged integer not null default 0
) without rowid;
INSERT INTO "agg_answer_state" VALUES('A-1',3,3,1,1,1,1,1);
INSERT INTO "agg_answer_state" VALUES('A-2',3,3,1,2,1,1,0);
INSERT INTO "agg_answer_state" VALUES('A-3',2,2,1,1,0,1,1);
INSERT INTO "agg_answer_state" VALUES('A-4',0,0,0,0,1,1,1);
CREATE TABLE agg_answers (
  status text not null, invention integer not null, correct text not null,
  scanned integer not null, flagged integer not null, n integer not null,
  primary key (status, invention, correct, scanned, flagged)
) without rowid;
INSERT INTO "agg_answers" VALUES('none',0,'correct',0,0,0);
INSERT INTO "agg_answers" VALUES('none',0,'correct',0,1,0);
INSERT INTO "agg_answers" VALUES('none',0,'correct',1,1,1);
INSERT INTO "agg_answers" VALUES('none',0,'incorrect',0,0,0);
INSERT INTO "agg_answers" VALUES('pending',0,'correct',0,0,0);
INSERT INTO "agg_answers" VALUES('pending',0,'incorrect',0,0,0);
INSERT INTO "agg_answers" VALUES('pending',1,'correct',0,0,0);
INSERT INTO "agg_answers" VALUES('pending',1,'incorrect',0,0,0);
INSERT INTO "agg_answers" VALUES('ungrounded',1,'correct',0,0,0);
INSERT INTO "agg_answers" VALUES('ungrounded',1,'correct',1,0,1);
INSERT INTO "agg_answers" VALUES('ungrounded',1,'correct',1,1,1);
INSERT INTO "agg_answers" VALUES('ungrounded',1,'incorrect',0,0,0);
INSERT INTO "agg_answers" VALUES('ungrounded',1,'incorrect',0,1,0);
INSERT INTO "agg_answers" VALUES('ungrounded',1,'incorrect',1,1,1);
CREATE TABLE agg_claim_rr (claim_id text primary key, a text not null, b text not null)
  without rowid;
INSERT INTO "agg_claim_rr" VALUES('A-2#1','stated','absent');
INSERT INTO "agg_claim_rr" VALUES('A-3#1','stated','absent');
CREATE TABLE agg_claims (
  label text not null, label_kind text not null, kind text not null, origin text not null,
  judge_verdict text not null, reviewer_verdict text not null, n integer not null,
  primary key (label, label_kind, kind, origin, judge_verdict, reviewer_verdict)
) without rowid;
INSERT INTO "agg_claims" VALUES('','','figure','["help-centre"]','','',0);
INSERT INTO "agg_claims" VALUES('','','figure','["wiki"]','','',0);
INSERT INTO "agg_claims" VALUES('absent','','figure','["help-centre"]','absent','absent',1);
INSERT INTO "agg_claims" VALUES('absent','','figure','["help-centre"]','stated','absent',3);
INSERT INTO "agg_claims" VALUES('partial','','figure','["wiki"]','stated','partial',1);
INSERT INTO "agg_claims" VALUES('stated','','figure','["help-centre"]','stated','stated',1);
INSERT INTO "agg_claims" VALUES('stated','','figure','["wiki"]','stated','',2);
CREATE TABLE agg_origins (
  origin text not null, status text not null, n integer not null,
  primary key (origin, status)
) without rowid;
INSERT INTO "agg_origins" VALUES('help-centre','none',0);
INSERT INTO "agg_origins" VALUES('help-centre','pending',0);
INSERT INTO "agg_origins" VALUES('help-centre','ungrounded',3);
INSERT INTO "agg_origins" VALUES('wiki','pending',0);
INSERT INTO "agg_origins" VALUES('wiki','ungrounded',3);
CREATE TABLE agg_rr (a text not null, b text not null, n integer not null,
  primary key (a, b)) without rowid;
INSERT INTO "agg_rr" VALUES('stated','absent',2);
CREATE TABLE "answer_marks" (
   "id" INTEGER PRIMARY KEY,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "reviewer" TEXT NOT NULL,
   "correct" INTEGER,
   "at" TEXT NOT NULL,
   "reverts" INTEGER
);
INSERT INTO "answer_marks" VALUES(1,'A-1','dana',1,'2026-12-06T06:28:42.621785Z',NULL);
CREATE TABLE "answer_sources" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "position" INTEGER,
   "source_key" TEXT REFERENCES "sources"("key"), "number" INTEGER,
   PRIMARY KEY ("answer_id", "position")
);
INSERT INTO "answer_sources" VALUES('A-1',1,'returns@0e68af73f024f5ac0884',1);
INSERT INTO "answer_sources" VALUES('A-1',2,'delivery@092ed1b284abfb987fa8',2);
INSERT INTO "answer_sources" VALUES('A-2',1,'returns@0e68af73f024f5ac0884',1);
INSERT INTO "answer_sources" VALUES('A-2',2,'delivery@092ed1b284abfb987fa8',2);
INSERT INTO "answer_sources" VALUES('A-3',1,'returns@0e68af73f024f5ac0884',1);
INSERT INTO "answer_sources" VALUES('A-3',2,'delivery@092ed1b284abfb987fa8',2);
INSERT INTO "answer_sources" VALUES('A-4',1,'returns@0e68af73f024f5ac0884',1);
INSERT INTO "answer_sources" VALUES('A-4',2,'delivery@092ed1b284abfb987fa8',2);
CREATE TABLE "answers" (
   "id" TEXT PRIMARY KEY,
   "question" TEXT NOT NULL,
   "response" TEXT NOT NULL,
   "correct" INTEGER,
   "meta" TEXT,
   "content_hash" TEXT NOT NULL,
   "imported_at" TEXT,
   "seq" INTEGER,
   "scanned_at" TEXT
, "overlap_point" REAL);
INSERT INTO "answers" VALUES('A-1','Question 1?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 4 days [1].',0,'{}','2d47b44c1446208a01ad6604e52c4104ec60f075e654241d75b5e84e643aa2e8','2026-12-06T06:28:41.534210Z',1,'2026-12-06T06:28:41.966056Z',7.35572571286565835002e-01);
INSERT INTO "answers" VALUES('A-2','Question 2?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 5 days [1].',1,'{}','83a3c9b64de461c6e16b192aef796f650bdb3555dc32371dac0e663a479baa4d','2026-12-06T06:28:41.534210Z',2,'2026-12-06T06:28:41.966056Z',7.90027361707893338582e-01);
INSERT INTO "answers" VALUES('A-3','Question 3?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 6 days [1].',0,'{}','da87a4e77fbed1d97b02752d7137a0d710772cbade8894c41d282dc24c991081','2026-12-06T06:28:41.534210Z',3,'2026-12-06T06:28:41.966056Z',1.15400247275286860215e-01);
INSERT INTO "answers" VALUES('A-4','Question 4?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 7 days [1].',1,'{}','257b9bb00787069bcda5ceeddbfd938d096105311d8cac473f56303b537c381a','2026-12-06T06:28:41.534210Z',4,'2026-12-06T06:28:41.966056Z',8.69968074406921809682e-01);
CREATE TABLE "claim_edits" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "reviewer" TEXT NOT NULL,
   "action" TEXT NOT NULL,
   "text" TEXT,
   "span_start" INTEGER,
   "span_end" INTEGER,
   "made" TEXT,
   "at" TEXT NOT NULL,
   "reverts" INTEGER
);
INSERT INTO "claim_edits" VALUES(1,'A-3#3','A-3','dana','dismiss',NULL,NULL,NULL,NULL,'2026-12-06T06:28:42.625603Z',NULL);
CREATE TABLE "claim_labels" (
   "claim_id" TEXT PRIMARY KEY REFERENCES "claims"("id"),
   "answer_id" TEXT,
   "judge" TEXT,
   "judge_verdict" TEXT,
   "judge_kind" TEXT,
   "judgement_id" INTEGER,
   "reviewer" TEXT,
   "reviewer_verdict" TEXT,
   "reviewer_kind" TEXT,
   "review_id" INTEGER,
   "reviewed_at" TEXT,
   "note" TEXT,
   "label" TEXT,
   "label_kind" TEXT
, "adjudicator" TEXT, "adjudicated_verdict" TEXT, "adjudicated_kind" TEXT, "adjudication_id" INTEGER);
INSERT INTO "claim_labels" VALUES('A-1#1','A-1','import','stated',NULL,1,'Lee','absent',NULL,2,'2026-11-30T10:05:00.000000Z','','stated',NULL,'lead','stated',NULL,1);
INSERT INTO "claim_labels" VALUES('A-1#2','A-1','import','stated',NULL,2,'kim','partial',NULL,10,'2026-12-06T06:28:42.618899Z','','partial',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "claim_labels" VALUES('A-1#3','A-1','import','absent',NULL,3,'dana','absent',NULL,3,'2026-11-30T10:01:00.000000Z','','absent',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "claim_labels" VALUES('A-2#1','A-2','import','stated',NULL,4,'Lee','absent',NULL,5,'2026-11-30T10:05:00.000000Z','','absent',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "claim_labels" VALUES('A-2#2','A-2','import','stated',NULL,5,NULL,NULL,NULL,NULL,NULL,NULL,'stated',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "claim_labels" VALUES('A-2#3','A-2','import','stated',NULL,6,'dana','absent',NULL,6,'2026-11-30T10:01:00.000000Z','','absent',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "claim_labels" VALUES('A-3#1','A-3','import','stated',NULL,7,'Lee','absent',NULL,8,'2026-11-30T10:05:00.000000Z','','absent',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "claim_labels" VALUES('A-3#2','A-3','import','stated',NULL,8,NULL,NULL,NULL,NULL,NULL,NULL,'stated',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "claim_labels" VALUES('A-3#3',NULL,'import','absent',NULL,9,'dana','absent',NULL,9,'2026-11-30T10:01:00.000000Z','','absent',NULL,NULL,NULL,NULL,NULL);
CREATE TABLE "claims" (
   "id" TEXT PRIMARY KEY,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "ordinal" INTEGER NOT NULL,
   "text" TEXT NOT NULL,
   "kind" TEXT NOT NULL,
   "citation" INTEGER,
   "source_key" TEXT REFERENCES "sources"("key"),
   "span_start" INTEGER,
   "span_end" INTEGER,
   "located" TEXT,
   "uncited" INTEGER,
   "dangling" INTEGER,
   "extracted_by" TEXT,
   "created_at" TEXT
, "citations" TEXT, "cited_keys" TEXT, "retired" TEXT);
INSERT INTO "claims" VALUES('A-1#1','A-1',1,'Sofas can be returned within 14 days','figure',1,'returns@0e68af73f024f5ac0884',0,36,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[1]','["returns@0e68af73f024f5ac0884"]',NULL);
INSERT INTO "claims" VALUES('A-1#2','A-1',2,'Delivery is free on orders over 50 pounds','figure',2,'delivery@092ed1b284abfb987fa8',42,83,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[2]','["delivery@092ed1b284abfb987fa8"]',NULL);
INSERT INTO "claims" VALUES('A-1#3','A-1',3,'Refunds take 4 days','figure',1,'returns@0e68af73f024f5ac0884',89,108,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[1]','["returns@0e68af73f024f5ac0884"]',NULL);
INSERT INTO "claims" VALUES('A-2#1','A-2',1,'Sofas can be returned within 14 days','figure',1,'returns@0e68af73f024f5ac0884',0,36,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[1]','["returns@0e68af73f024f5ac0884"]',NULL);
INSERT INTO "claims" VALUES('A-2#2','A-2',2,'Delivery is free on orders over 50 pounds','figure',2,'delivery@092ed1b284abfb987fa8',42,83,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[2]','["delivery@092ed1b284abfb987fa8"]',NULL);
INSERT INTO "claims" VALUES('A-2#3','A-2',3,'Refunds take 5 days','figure',1,'returns@0e68af73f024f5ac0884',89,108,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[1]','["returns@0e68af73f024f5ac0884"]',NULL);
INSERT INTO "claims" VALUES('A-3#1','A-3',1,'Sofas can be returned within 14 days','figure',1,'returns@0e68af73f024f5ac0884',0,36,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[1]','["returns@0e68af73f024f5ac0884"]',NULL);
INSERT INTO "claims" VALUES('A-3#2','A-3',2,'Delivery is free on orders over 50 pounds','figure',2,'delivery@092ed1b284abfb987fa8',42,83,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[2]','["delivery@092ed1b284abfb987fa8"]',NULL);
INSERT INTO "claims" VALUES('A-3#3','A-3',3,'Refunds take 6 days','figure',1,'returns@0e68af73f024f5ac0884',89,108,'exact',0,0,NULL,'2026-12-06T06:28:41.534210Z','[1]','["returns@0e68af73f024f5ac0884"]','dismissed');
CREATE TABLE "completion_answers" (
   "key" TEXT,
   "answer_id" TEXT REFERENCES "answers"("id"),
   PRIMARY KEY ("key", "answer_id")
);
CREATE TABLE "completions" (
   "key" TEXT PRIMARY KEY,
   "model" TEXT,
   "prompt_version" TEXT,
   "response" TEXT,
   "prompt_tokens" INTEGER,
   "completion_tokens" INTEGER,
   "cost" REAL,
   "at" TEXT
);
CREATE TABLE "extractions" (
   "id" INTEGER PRIMARY KEY,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "judge" TEXT NOT NULL,
   "prompt_version" TEXT NOT NULL,
   "claims" INTEGER,
   "error" TEXT,
   "calls" INTEGER,
   "prompt_tokens" INTEGER,
   "completion_tokens" INTEGER,
   "cost" REAL,
   "seconds" REAL,
   "at" TEXT NOT NULL
);
CREATE TABLE "flags" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "check_name" TEXT,
   "details" TEXT,
   "at" TEXT,
   PRIMARY KEY ("answer_id", "check_name")
);
INSERT INTO "flags" VALUES('A-1','unsourced_specifics','{"specifics": [{"text": "4", "start": 102, "end": 103, "kind": "figure", "sources": [1]}], "sources": 2}','2026-12-06T06:28:41.966056Z');
INSERT INTO "flags" VALUES('A-3','unsourced_specifics','{"specifics": [{"text": "6", "start": 102, "end": 103, "kind": "figure", "sources": [1]}], "sources": 2}','2026-12-06T06:28:41.966056Z');
INSERT INTO "flags" VALUES('A-4','unsourced_specifics','{"specifics": [{"text": "7", "start": 102, "end": 103, "kind": "figure", "sources": [1]}], "sources": 2}','2026-12-06T06:28:41.966056Z');
CREATE TABLE "judgements" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT NOT NULL REFERENCES "claims"("id"),
   "judge" TEXT NOT NULL,
   "prompt_version" TEXT,
   "verdict" TEXT,
   "invention_kind" TEXT,
   "rule_invention_kind" TEXT,
   "evidence_start" INTEGER,
   "evidence_end" INTEGER,
   "evidence_text" TEXT,
   "provenance_source_key" TEXT,
   "rationale" TEXT,
   "error" TEXT,
   "calls" INTEGER,
   "prompt_tokens" INTEGER,
   "completion_tokens" INTEGER,
   "cost" REAL,
   "seconds" REAL,
   "at" TEXT NOT NULL
);
INSERT INTO "judgements" VALUES(1,'A-1#1','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(2,'A-1#2','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(3,'A-1#3','import','import','absent',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(4,'A-2#1','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(5,'A-2#2','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(6,'A-2#3','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(7,'A-3#1','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(8,'A-3#2','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "judgements" VALUES(9,'A-3#3','import','import','absent',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:41.534210Z');
CREATE TABLE "leases" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "reviewer" TEXT,
   "taken_at" TEXT,
   "expires_at" TEXT, "alive_until" TEXT, "session" TEXT,
   PRIMARY KEY ("answer_id", "reviewer")
);
CREATE TABLE "reviewers" (
   "key" TEXT PRIMARY KEY,
   "name" TEXT NOT NULL,
   "lead" INTEGER,
   "token_hash" TEXT,
   "added_at" TEXT NOT NULL,
   "revoked_at" TEXT
);
INSERT INTO "reviewers" VALUES('dana','dana',0,NULL,'2026-11-30T10:00:00.000000Z',NULL);
INSERT INTO "reviewers" VALUES('lee','Lee',0,NULL,'2026-11-30T10:05:00.000000Z',NULL);
INSERT INTO "reviewers" VALUES('kim','kim',0,NULL,'2026-12-06T06:28:42.607502Z',NULL);
INSERT INTO "reviewers" VALUES('lead','lead',0,NULL,'2026-12-06T06:28:42.622076Z',NULL);
CREATE TABLE "reviews" (
   "id" INTEGER PRIMARY KEY,
   "claim_id" TEXT NOT NULL REFERENCES "claims"("id"),
   "reviewer" TEXT NOT NULL,
   "verdict" TEXT,
   "invention_kind" TEXT,
   "note" TEXT,
   "blind" INTEGER,
   "at" TEXT NOT NULL,
   "origin" TEXT,
   "reverts" INTEGER
, "independent" INTEGER NOT NULL DEFAULT 0);
INSERT INTO "reviews" VALUES(1,'A-1#1','dana','stated',NULL,'',0,'2026-11-30T10:00:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(2,'A-1#1','Lee','absent',NULL,'',0,'2026-11-30T10:05:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(3,'A-1#3','dana','absent',NULL,'',0,'2026-11-30T10:01:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(4,'A-2#1','dana','stated',NULL,'',0,'2026-11-30T10:00:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(5,'A-2#1','Lee','absent',NULL,'',0,'2026-11-30T10:05:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(6,'A-2#3','dana','absent',NULL,'',0,'2026-11-30T10:01:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(7,'A-3#1','dana','stated',NULL,'',0,'2026-11-30T10:00:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(8,'A-3#1','Lee','absent',NULL,'',0,'2026-11-30T10:05:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(9,'A-3#3','dana','absent',NULL,'',0,'2026-11-30T10:01:00.000000Z','import',NULL,0);
INSERT INTO "reviews" VALUES(10,'A-1#2','kim','partial',NULL,'',0,'2026-12-06T06:28:42.618899Z','ui',NULL,0);
INSERT INTO "reviews" VALUES(11,'A-1#1','dana',NULL,NULL,'',0,'2026-12-06T06:28:42.620894Z','ui',NULL,0);
CREATE TABLE "settings" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT NOT NULL,
   "set_by" TEXT,
   "set_at" TEXT
, "content" TEXT);
INSERT INTO "settings" VALUES('overlap','0.5','root','2026-12-06T06:28:42.625265Z',NULL);
CREATE TABLE "sources" (
   "key" TEXT PRIMARY KEY,
   "source_id" TEXT NOT NULL,
   "text_hash" TEXT,
   "title" TEXT,
   "origin" TEXT NOT NULL,
   "text" TEXT NOT NULL,
   "updated_at" TEXT,
   "first_seen" TEXT
);
INSERT INTO "sources" VALUES('returns@0e68af73f024f5ac0884','returns','7395e0339bddedb82e2f5226592b400ab55d61af7925915ff28a7e1368793417',NULL,'help-centre','Sofas can be returned within 14 days. Refunds take 5 days.',NULL,'2026-12-06T06:28:41.534210Z');
INSERT INTO "sources" VALUES('delivery@092ed1b284abfb987fa8','delivery','5fbaa91b03b0b638026e55c89a526c569e6ab07ed1b906b8d5ed7f1252cc2528',NULL,'wiki','Delivery is free on orders over 50 pounds.',NULL,'2026-12-06T06:28:41.534210Z');
CREATE INDEX "idx_sources_source_id"
    ON "sources" ("source_id");
CREATE INDEX "idx_answers_seq"
    ON "answers" ("seq");
CREATE INDEX "idx_answers_scanned_at"
    ON "answers" ("scanned_at");
CREATE INDEX "idx_answer_sources_source_key"
    ON "answer_sources" ("source_key");
CREATE INDEX "idx_claims_answer_id_ordinal"
    ON "claims" ("answer_id", "ordinal");
CREATE INDEX "idx_claims_source_key"
    ON "claims" ("source_key");
CREATE INDEX "idx_judgements_claim_id_at"
    ON "judgements" ("claim_id", "at");
CREATE INDEX "idx_judgements_judge_claim_id"
    ON "judgements" ("judge", "claim_id");
CREATE INDEX "idx_reviews_claim_id_at"
    ON "reviews" ("claim_id", "at");
CREATE INDEX "idx_reviews_reviewer_at"
    ON "reviews" ("reviewer", "at");
CREATE INDEX "idx_answer_marks_answer_id_at"
    ON "answer_marks" ("answer_id", "at");
CREATE INDEX "idx_claim_labels_answer_id"
    ON "claim_labels" ("answer_id");
CREATE INDEX "idx_claim_labels_label"
    ON "claim_labels" ("label");
CREATE INDEX "idx_extractions_answer_id_judge_prompt_version"
    ON "extractions" ("answer_id", "judge", "prompt_version");
CREATE INDEX "idx_completion_answers_answer_id"
    ON "completion_answers" ("answer_id");
CREATE INDEX "idx_leases_reviewer"
    ON "leases" ("reviewer");
CREATE INDEX "idx_leases_expires_at"
    ON "leases" ("expires_at");
CREATE INDEX "idx_adjudications_claim_id_at"
    ON "adjudications" ("claim_id", "at");
CREATE INDEX "idx_claim_labels_adjudicated_verdict"
    ON "claim_labels" ("adjudicated_verdict");
CREATE INDEX "idx_answers_overlap_point"
    ON "answers" ("overlap_point");
CREATE INDEX "idx_answer_sources_answer_id_number"
    ON "answer_sources" ("answer_id", "number");
CREATE INDEX "idx_claim_edits_answer_id_at"
    ON "claim_edits" ("answer_id", "at");
CREATE INDEX "idx_claim_edits_claim_id"
    ON "claim_edits" ("claim_id");
CREATE INDEX claims_retired on claims (retired, answer_id) where retired is not null;
CREATE TRIGGER agg_answers_insert after insert on answers begin 
          insert into agg_answer_state (answer_id, correct, scanned, flagged)
            values (new.id, (case when exists (select 1 from answer_marks m where m.answer_id = new.id) then (select m.correct from answer_marks m where m.answer_id = new.id order by m.at desc, m.id desc limit 1) else new.correct end),
                    new.scanned_at is not null,
                    exists (select 1 from flags f where f.answer_id = new.id))
            on conflict (answer_id) do update set correct = excluded.correct,
              scanned = excluded.scanned, flagged = excluded.flagged;
end;
CREATE TRIGGER agg_answers_update after update of correct, scanned_at on answers when old.correct is not new.correct or (old.scanned_at is null) is not (new.scanned_at is null) begin 
          update agg_answer_state set scanned = new.scanned_at is not null
            where answer_id = new.id;
          update agg_answer_state set correct = (case when exists (select 1 from answer_marks m where m.answer_id = new.id) then (select m.correct from answer_marks m where m.answer_id = new.id order by m.at desc, m.id desc limit 1) else (select a.correct from answers a where a.id = new.id) end) where answer_id = new.id;
end;
CREATE TRIGGER agg_answers_delete after delete on answers begin delete from agg_answer_state where answer_id = old.id;
end;
CREATE TRIGGER agg_marks_insert after insert on answer_marks begin update agg_answer_state set correct = (case when exists (select 1 from answer_marks m where m.answer_id = new.answer_id) then (select m.correct from answer_marks m where m.answer_id = new.answer_id order by m.at desc, m.id desc limit 1) else (select a.correct from answers a where a.id = new.answer_id) end) where answer_id = new.answer_id;
end;
CREATE TRIGGER agg_marks_update after update on answer_marks begin update agg_answer_state set correct = (case when exists (select 1 from answer_marks m where m.answer_id = new.answer_id) then (select m.correct from answer_marks m where m.answer_id = new.answer_id order by m.at desc, m.id desc limit 1) else (select a.correct from answers a where a.id = new.answer_id) end) where answer_id = new.answer_id;
end;
CREATE TRIGGER agg_marks_delete after delete on answer_marks begin update agg_answer_state set correct = (case when exists (select 1 from answer_marks m where m.answer_id = old.answer_id) then (select m.correct from answer_marks m where m.answer_id = old.answer_id order by m.at desc, m.id desc limit 1) else (select a.correct from answers a where a.id = old.answer_id) end) where answer_id = old.answer_id;
end;
CREATE TRIGGER agg_flags_insert after insert on flags begin 
          update agg_answer_state set flagged = 1
            where answer_id = new.answer_id and flagged = 0;
end;
CREATE TRIGGER agg_flags_delete after delete on flags begin 
          update agg_answer_state set flagged = exists (
            select 1 from flags f where f.answer_id = old.answer_id)
            where answer_id = old.answer_id;
end;
CREATE TRIGGER agg_state_insert after insert on agg_answer_state begin insert into agg_answers (status, invention, correct, scanned, flagged, n) select (case when new.claims <= 0 then 'none' when new.labelled < new.claims then 'pending' when new.stated >= new.claims then 'grounded' else 'ungrounded' end), (new.absent > 0), (case when new.correct is null then 'unknown' when new.correct then 'correct' else 'incorrect' end), new.scanned, new.flagged, 1  where 1 on conflict (status, invention, correct, scanned, flagged) do update set n = n + excluded.n;
end;
CREATE TRIGGER agg_state_update after update on agg_answer_state when (case when old.claims <= 0 then 'none' when old.labelled < old.claims then 'pending' when old.stated >= old.claims then 'grounded' else 'ungrounded' end) is not (case when new.claims <= 0 then 'none' when new.labelled < new.claims then 'pending' when new.stated >= new.claims then 'grounded' else 'ungrounded' end) or (old.absent > 0) is not (new.absent > 0) or (case when old.correct is null then 'unknown' when old.correct then 'correct' else 'incorrect' end) is not (case when new.correct is null then 'unknown' when new.correct then 'correct' else 'incorrect' end) or old.scanned is not new.scanned or old.flagged is not new.flagged begin 
          insert into agg_answers (status, invention, correct, scanned, flagged, n) select (case when old.claims <= 0 then 'none' when old.labelled < old.claims then 'pending' when old.stated >= old.claims then 'grounded' else 'ungrounded' end), (old.absent > 0), (case when old.correct is null then 'unknown' when old.correct then 'correct' else 'incorrect' end), old.scanned, old.flagged, -1  where 1 on conflict (status, invention, correct, scanned, flagged) do update set n = n + excluded.n;
          insert into agg_answers (status, invention, correct, scanned, flagged, n) select (case when new.claims <= 0 then 'none' when new.labelled < new.claims then 'pending' when new.stated >= new.claims then 'grounded' else 'ungrounded' end), (new.absent > 0), (case when new.correct is null then 'unknown' when new.correct then 'correct' else 'incorrect' end), new.scanned, new.flagged, 1  where 1 on conflict (status, invention, correct, scanned, flagged) do update set n = n + excluded.n;
          update agg_origins set n = n - 1 where (case when old.claims <= 0 then 'none' when old.labelled < old.claims then 'pending' when old.stated >= old.claims then 'grounded' else 'ungrounded' end) is not (case when new.claims <= 0 then 'none' when new.labelled < new.claims then 'pending' when new.stated >= new.claims then 'grounded' else 'ungrounded' end) and status = (case when old.claims <= 0 then 'none' when old.labelled < old.claims then 'pending' when old.stated >= old.claims then 'grounded' else 'ungrounded' end)
            and origin in (select origin from agg_answer_origins where answer_id = new.answer_id);
          insert into agg_origins (origin, status, n)
            select origin, (case when new.claims <= 0 then 'none' when new.labelled < new.claims then 'pending' when new.stated >= new.claims then 'grounded' else 'ungrounded' end), 1 from agg_answer_origins
            where answer_id = new.answer_id and (case when old.claims <= 0 then 'none' when old.labelled < old.claims then 'pending' when old.stated >= old.claims then 'grounded' else 'ungrounded' end) is not (case when new.claims <= 0 then 'none' when new.labelled < new.claims then 'pending' when new.stated >= new.claims then 'grounded' else 'ungrounded' end)
            on conflict (origin, status) do update set n = n + excluded.n;
end;
CREATE TRIGGER agg_state_delete after delete on agg_answer_state begin 
          insert into agg_answers (status, invention, correct, scanned, flagged, n) select (case when old.claims <= 0 then 'none' when old.labelled < old.claims then 'pending' when old.stated >= old.claims then 'grounded' else 'ungrounded' end), (old.absent > 0), (case when old.correct is null then 'unknown' when old.correct then 'correct' else 'incorrect' end), old.scanned, old.flagged, -1  where 1 on conflict (status, invention, correct, scanned, flagged) do update set n = n + excluded.n;
          update agg_origins set n = n - 1 where status = (case when old.claims <= 0 then 'none' when old.labelled < old.claims then 'pending' when old.stated >= old.claims then 'grounded' else 'ungrounded' end)
            and origin in (select origin from agg_answer_origins where answer_id = old.answer_id);
          delete from agg_answer_origins where answer_id = old.answer_id;
end;
CREATE TRIGGER agg_claims_insert after insert on claims when new.retired is null begin 
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select '', '', coalesce(new.kind, ''), coalesce((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), '', '', 1  where 1 on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          
      insert into agg_origins (origin, status, n)
        select o.value, (case when st.claims <= 0 then 'none' when st.labelled < st.claims then 'pending' when st.stated >= st.claims then 'grounded' else 'ungrounded' end), 1 from agg_answer_state st, json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)) o
        where st.answer_id = new.answer_id and not exists (
          select 1 from agg_answer_origins x where x.answer_id = new.answer_id and x.origin = o.value)
        on conflict (origin, status) do update set n = n + excluded.n;
      insert into agg_answer_origins (answer_id, origin, claims)
        select new.answer_id, o.value, 1 from json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)) o where true
        on conflict (answer_id, origin) do update set claims = claims + 1;
          update agg_answer_state set claims = claims + 1 where answer_id = new.answer_id;
end;
CREATE TRIGGER agg_claims_update after update of kind, cited_keys, uncited, dangling on claims when (old.kind is not new.kind or old.cited_keys is not new.cited_keys or old.uncited is not new.uncited or old.dangling is not new.dangling) and old.retired is null and new.retired is null begin 
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce((select l.label from claim_labels l where l.claim_id = old.id), ''), coalesce((select l.label_kind from claim_labels l where l.claim_id = old.id), ''), coalesce(old.kind, ''), coalesce((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce((select l.judge_verdict from claim_labels l where l.claim_id = old.id), ''), coalesce((select coalesce(l.adjudicated_verdict, l.reviewer_verdict) from claim_labels l where l.claim_id = old.id), ''), -1  where 1 on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce((select l.label from claim_labels l where l.claim_id = new.id), ''), coalesce((select l.label_kind from claim_labels l where l.claim_id = new.id), ''), coalesce(new.kind, ''), coalesce((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce((select l.judge_verdict from claim_labels l where l.claim_id = new.id), ''), coalesce((select coalesce(l.adjudicated_verdict, l.reviewer_verdict) from claim_labels l where l.claim_id = new.id), ''), 1  where 1 on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          
      update agg_answer_origins set claims = claims - 1
        where answer_id = old.answer_id and origin in (select value from json_each((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)));
      update agg_origins set n = n - 1 where origin in (select value from json_each((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)))
        and status = (select (case when st.claims <= 0 then 'none' when st.labelled < st.claims then 'pending' when st.stated >= st.claims then 'grounded' else 'ungrounded' end) from agg_answer_state st
                      where st.answer_id = old.answer_id)
        and exists (select 1 from agg_answer_origins x where x.answer_id = old.answer_id
                    and x.origin = agg_origins.origin and x.claims <= 0);
      delete from agg_answer_origins where answer_id = old.answer_id
        and origin in (select value from json_each((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end))) and claims <= 0;
          
      insert into agg_origins (origin, status, n)
        select o.value, (case when st.claims <= 0 then 'none' when st.labelled < st.claims then 'pending' when st.stated >= st.claims then 'grounded' else 'ungrounded' end), 1 from agg_answer_state st, json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)) o
        where st.answer_id = new.answer_id and not exists (
          select 1 from agg_answer_origins x where x.answer_id = new.answer_id and x.origin = o.value)
        on conflict (origin, status) do update set n = n + excluded.n;
      insert into agg_answer_origins (answer_id, origin, claims)
        select new.answer_id, o.value, 1 from json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)) o where true
        on conflict (answer_id, origin) do update set claims = claims + 1;
end;
CREATE TRIGGER agg_claims_retire after update of retired on claims when old.retired is null and new.retired is not null begin 
      update agg_answer_state set claims = claims - 1,
        labelled = labelled - ((select l.label from claim_labels l where l.claim_id = new.id) is not null),
        stated = stated - (coalesce((select l.label from claim_labels l where l.claim_id = new.id), '') = 'stated'),
        absent = absent - (coalesce((select l.label from claim_labels l where l.claim_id = new.id), '') = 'absent')
        where answer_id = new.answer_id;
          
      update agg_answer_origins set claims = claims - 1
        where answer_id = new.answer_id and origin in (select value from json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)));
      update agg_origins set n = n - 1 where origin in (select value from json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)))
        and status = (select (case when st.claims <= 0 then 'none' when st.labelled < st.claims then 'pending' when st.stated >= st.claims then 'grounded' else 'ungrounded' end) from agg_answer_state st
                      where st.answer_id = new.answer_id)
        and exists (select 1 from agg_answer_origins x where x.answer_id = new.answer_id
                    and x.origin = agg_origins.origin and x.claims <= 0);
      delete from agg_answer_origins where answer_id = new.answer_id
        and origin in (select value from json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end))) and claims <= 0;
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce((select l.label from claim_labels l where l.claim_id = new.id), ''), coalesce((select l.label_kind from claim_labels l where l.claim_id = new.id), ''), coalesce(new.kind, ''), coalesce((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce((select l.judge_verdict from claim_labels l where l.claim_id = new.id), ''), coalesce((select coalesce(l.adjudicated_verdict, l.reviewer_verdict) from claim_labels l where l.claim_id = new.id), ''), -1  where 1 on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          
      update agg_rr set n = n - 1
        where (a, b) in (select a, b from agg_claim_rr where claim_id = new.id);
      delete from agg_claim_rr where claim_id = new.id;
      insert into agg_claim_rr (claim_id, a, b)
        select new.id, pa, pb from (select (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 0) as pa, (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 1) as pb)
        where pb is not null and not exists (select 1 from claims x where x.id = new.id and x.retired is not null);
      insert into agg_rr (a, b, n) select a, b, 1 from agg_claim_rr where claim_id = new.id on conflict (a, b) do update set n = n + excluded.n;
end;
CREATE TRIGGER agg_claims_restore after update of retired on claims when old.retired is not null and new.retired is null begin 
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce((select l.label from claim_labels l where l.claim_id = new.id), ''), coalesce((select l.label_kind from claim_labels l where l.claim_id = new.id), ''), coalesce(new.kind, ''), coalesce((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce((select l.judge_verdict from claim_labels l where l.claim_id = new.id), ''), coalesce((select coalesce(l.adjudicated_verdict, l.reviewer_verdict) from claim_labels l where l.claim_id = new.id), ''), 1  where 1 on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          
      insert into agg_origins (origin, status, n)
        select o.value, (case when st.claims <= 0 then 'none' when st.labelled < st.claims then 'pending' when st.stated >= st.claims then 'grounded' else 'ungrounded' end), 1 from agg_answer_state st, json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)) o
        where st.answer_id = new.answer_id and not exists (
          select 1 from agg_answer_origins x where x.answer_id = new.answer_id and x.origin = o.value)
        on conflict (origin, status) do update set n = n + excluded.n;
      insert into agg_answer_origins (answer_id, origin, claims)
        select new.answer_id, o.value, 1 from json_each((case when coalesce(new.uncited, 0) = 0 and coalesce(new.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(new.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)) o where true
        on conflict (answer_id, origin) do update set claims = claims + 1;
      update agg_answer_state set claims = claims + 1,
        labelled = labelled + ((select l.label from claim_labels l where l.claim_id = new.id) is not null),
        stated = stated + (coalesce((select l.label from claim_labels l where l.claim_id = new.id), '') = 'stated'),
        absent = absent + (coalesce((select l.label from claim_labels l where l.claim_id = new.id), '') = 'absent')
        where answer_id = new.answer_id;
          
      update agg_rr set n = n - 1
        where (a, b) in (select a, b from agg_claim_rr where claim_id = new.id);
      delete from agg_claim_rr where claim_id = new.id;
      insert into agg_claim_rr (claim_id, a, b)
        select new.id, pa, pb from (select (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 0) as pa, (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 1) as pb)
        where pb is not null and not exists (select 1 from claims x where x.id = new.id and x.retired is not null);
      insert into agg_rr (a, b, n) select a, b, 1 from agg_claim_rr where claim_id = new.id on conflict (a, b) do update set n = n + excluded.n;
end;
CREATE TRIGGER agg_claims_delete after delete on claims when old.retired is null begin 
          update agg_answer_state set claims = claims - 1 where answer_id = old.answer_id;
          
      update agg_answer_origins set claims = claims - 1
        where answer_id = old.answer_id and origin in (select value from json_each((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)));
      update agg_origins set n = n - 1 where origin in (select value from json_each((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end)))
        and status = (select (case when st.claims <= 0 then 'none' when st.labelled < st.claims then 'pending' when st.stated >= st.claims then 'grounded' else 'ungrounded' end) from agg_answer_state st
                      where st.answer_id = old.answer_id)
        and exists (select 1 from agg_answer_origins x where x.answer_id = old.answer_id
                    and x.origin = agg_origins.origin and x.claims <= 0);
      delete from agg_answer_origins where answer_id = old.answer_id
        and origin in (select value from json_each((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end))) and claims <= 0;
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select '', '', coalesce(old.kind, ''), coalesce((case when coalesce(old.uncited, 0) = 0 and coalesce(old.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(old.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), '', '', -1  where 1 on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
end;
CREATE TRIGGER agg_labels_insert after insert on claim_labels when (new.label is not null or new.label_kind is not null or new.judge_verdict is not null or new.reviewer_verdict is not null or new.adjudicated_verdict is not null) and not exists (select 1 from claims x where x.id = new.claim_id and x.retired is not null) begin 
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select '', '', coalesce(c.kind, ''), coalesce((case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), '', '', -1 from claims c where c.id = new.claim_id on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce(new.label, ''), coalesce(new.label_kind, ''), coalesce(c.kind, ''), coalesce((case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce(new.judge_verdict, ''), coalesce(coalesce(new.adjudicated_verdict, new.reviewer_verdict), ''), 1 from claims c where c.id = new.claim_id on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          update agg_answer_state set labelled = labelled + (new.label is not null) - 0, stated = stated + (coalesce(new.label, '') = 'stated') - 0, absent = absent + (coalesce(new.label, '') = 'absent') - 0 where answer_id = (select c.answer_id from claims c where c.id = new.claim_id) and (new.label is not null);
end;
CREATE TRIGGER agg_labels_update after update on claim_labels when (old.label is not new.label or old.label_kind is not new.label_kind or old.judge_verdict is not new.judge_verdict or old.reviewer_verdict is not new.reviewer_verdict or old.adjudicated_verdict is not new.adjudicated_verdict) and not exists (select 1 from claims x where x.id = new.claim_id and x.retired is not null) begin 
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce(old.label, ''), coalesce(old.label_kind, ''), coalesce(c.kind, ''), coalesce((case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce(old.judge_verdict, ''), coalesce(coalesce(old.adjudicated_verdict, old.reviewer_verdict), ''), -1 from claims c where c.id = new.claim_id on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce(new.label, ''), coalesce(new.label_kind, ''), coalesce(c.kind, ''), coalesce((case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce(new.judge_verdict, ''), coalesce(coalesce(new.adjudicated_verdict, new.reviewer_verdict), ''), 1 from claims c where c.id = new.claim_id on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          update agg_answer_state set labelled = labelled + (new.label is not null) - (old.label is not null), stated = stated + (coalesce(new.label, '') = 'stated') - (coalesce(old.label, '') = 'stated'), absent = absent + (coalesce(new.label, '') = 'absent') - (coalesce(old.label, '') = 'absent') where answer_id = (select c.answer_id from claims c where c.id = new.claim_id) and (old.label is not new.label);
end;
CREATE TRIGGER agg_labels_delete after delete on claim_labels when (old.label is not null or old.label_kind is not null or old.judge_verdict is not null or old.reviewer_verdict is not null or old.adjudicated_verdict is not null) and not exists (select 1 from claims x where x.id = old.claim_id and x.retired is not null) begin 
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select coalesce(old.label, ''), coalesce(old.label_kind, ''), coalesce(c.kind, ''), coalesce((case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), coalesce(old.judge_verdict, ''), coalesce(coalesce(old.adjudicated_verdict, old.reviewer_verdict), ''), -1 from claims c where c.id = old.claim_id on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          insert into agg_claims (label, label_kind, kind, origin, judge_verdict, reviewer_verdict, n) select '', '', coalesce(c.kind, ''), coalesce((case when coalesce(c.uncited, 0) = 0 and coalesce(c.dangling, 0) = 0 then nullif((select json_group_array(origin) from (select distinct s.origin from json_each(c.cited_keys) k join sources s on s.key = k.value order by 1)), '[]') end), ''), '', '', 1 from claims c where c.id = old.claim_id on conflict (label, label_kind, kind, origin, judge_verdict, reviewer_verdict) do update set n = n + excluded.n;
          update agg_answer_state set labelled = labelled + 0 - (old.label is not null), stated = stated + 0 - (coalesce(old.label, '') = 'stated'), absent = absent + 0 - (coalesce(old.label, '') = 'absent') where answer_id = (select c.answer_id from claims c where c.id = old.claim_id) and (old.label is not null);
end;
CREATE TRIGGER agg_reviews_insert after insert on reviews begin 
      update agg_rr set n = n - 1
        where (a, b) in (select a, b from agg_claim_rr where claim_id = new.claim_id);
      delete from agg_claim_rr where claim_id = new.claim_id;
      insert into agg_claim_rr (claim_id, a, b)
        select new.claim_id, pa, pb from (select (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.claim_id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.claim_id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 0) as pa, (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.claim_id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.claim_id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 1) as pb)
        where pb is not null and not exists (select 1 from claims x where x.id = new.claim_id and x.retired is not null);
      insert into agg_rr (a, b, n) select a, b, 1 from agg_claim_rr where claim_id = new.claim_id on conflict (a, b) do update set n = n + excluded.n;
end;
CREATE TRIGGER agg_reviews_update after update on reviews begin 
      update agg_rr set n = n - 1
        where (a, b) in (select a, b from agg_claim_rr where claim_id = new.claim_id);
      delete from agg_claim_rr where claim_id = new.claim_id;
      insert into agg_claim_rr (claim_id, a, b)
        select new.claim_id, pa, pb from (select (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.claim_id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.claim_id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 0) as pa, (select v from (
        select (select l.verdict from reviews l where l.claim_id = new.claim_id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = new.claim_id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 1) as pb)
        where pb is not null and not exists (select 1 from claims x where x.id = new.claim_id and x.retired is not null);
      insert into agg_rr (a, b, n) select a, b, 1 from agg_claim_rr where claim_id = new.claim_id on conflict (a, b) do update set n = n + excluded.n;
end;
CREATE TRIGGER agg_reviews_delete after delete on reviews begin 
      update agg_rr set n = n - 1
        where (a, b) in (select a, b from agg_claim_rr where claim_id = old.claim_id);
      delete from agg_claim_rr where claim_id = old.claim_id;
      insert into agg_claim_rr (claim_id, a, b)
        select old.claim_id, pa, pb from (select (select v from (
        select (select l.verdict from reviews l where l.claim_id = old.claim_id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = old.claim_id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 0) as pa, (select v from (
        select (select l.verdict from reviews l where l.claim_id = old.claim_id
                and +l.reviewer = r.reviewer order by l.at desc, l.id desc limit 1) as v,
               min(r.at || '|' || printf('%012d', r.id)) as first
        from reviews r where r.claim_id = old.claim_id and r.verdict is not null
        group by r.reviewer)
      where v is not null order by first limit 1 offset 1) as pb)
        where pb is not null and not exists (select 1 from claims x where x.id = old.claim_id and x.retired is not null);
      insert into agg_rr (a, b, n) select a, b, 1 from agg_claim_rr where claim_id = old.claim_id on conflict (a, b) do update set n = n + excluded.n;
end;
COMMIT;
