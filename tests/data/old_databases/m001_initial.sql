BEGIN TRANSACTION;
CREATE TABLE "_migrations" (
   "name" TEXT PRIMARY KEY,
   "applied_at" TEXT
);
INSERT INTO "_migrations" VALUES('m001_initial','2026-12-06T06:28:28.270016Z');
CREATE TABLE "answer_marks" (
   "id" INTEGER PRIMARY KEY,
   "answer_id" TEXT NOT NULL REFERENCES "answers"("id"),
   "reviewer" TEXT NOT NULL,
   "correct" INTEGER,
   "at" TEXT NOT NULL,
   "reverts" INTEGER
);
INSERT INTO "answer_marks" VALUES(1,'A-1','dana',1,'2026-12-06T06:28:28.955641Z',NULL);
CREATE TABLE "answer_sources" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "position" INTEGER,
   "source_key" TEXT REFERENCES "sources"("key"),
   PRIMARY KEY ("answer_id", "position")
);
INSERT INTO "answer_sources" VALUES('A-1',1,'returns@0e68af73f024f5ac0884');
INSERT INTO "answer_sources" VALUES('A-1',2,'delivery@092ed1b284abfb987fa8');
INSERT INTO "answer_sources" VALUES('A-2',1,'returns@0e68af73f024f5ac0884');
INSERT INTO "answer_sources" VALUES('A-2',2,'delivery@092ed1b284abfb987fa8');
INSERT INTO "answer_sources" VALUES('A-3',1,'returns@0e68af73f024f5ac0884');
INSERT INTO "answer_sources" VALUES('A-3',2,'delivery@092ed1b284abfb987fa8');
INSERT INTO "answer_sources" VALUES('A-4',1,'returns@0e68af73f024f5ac0884');
INSERT INTO "answer_sources" VALUES('A-4',2,'delivery@092ed1b284abfb987fa8');
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
);
INSERT INTO "answers" VALUES('A-1','Question 1?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 4 days [1].',0,'{}','8b2209ff57e164a61c9ddc7c5c89273d1c861d59c46b7dbaf2625d5170f6e0d3','2026-12-06T06:28:28.271074Z',1,NULL);
INSERT INTO "answers" VALUES('A-2','Question 2?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 5 days [1].',1,'{}','8914f54c98418ed4dd45dec9fac2db8aa05bc1bc520be957d2deb4528c674df4','2026-12-06T06:28:28.271074Z',2,NULL);
INSERT INTO "answers" VALUES('A-3','Question 3?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 6 days [1].',0,'{}','27c6a0ae4f27f94a5a1cdaccc60918b6cdd844c0f5f8c1d2e97bc13447ed1459','2026-12-06T06:28:28.271074Z',3,NULL);
INSERT INTO "answers" VALUES('A-4','Question 4?','Sofas can be returned within 14 days [1]. Delivery is free on orders over 50 pounds [2]. Refunds take 7 days [1].',1,'{}','015e3867d37370767bb5ced84c6c69803d9e278e33714077bec64c621222f4b0','2026-12-06T06:28:28.271074Z',4,NULL);
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
);
INSERT INTO "claim_labels" VALUES('A-1#3','A-1','import','absent',NULL,3,'dana','absent',NULL,3,'2026-11-30T10:01:00.000000Z','','absent',NULL);
INSERT INTO "claim_labels" VALUES('A-2#1','A-2','import','stated',NULL,4,'Lee','absent',NULL,5,'2026-11-30T10:05:00.000000Z','','absent',NULL);
INSERT INTO "claim_labels" VALUES('A-2#2','A-2','import','stated',NULL,5,NULL,NULL,NULL,NULL,NULL,NULL,'stated',NULL);
INSERT INTO "claim_labels" VALUES('A-2#3','A-2','import','stated',NULL,6,'dana','absent',NULL,6,'2026-11-30T10:01:00.000000Z','','absent',NULL);
INSERT INTO "claim_labels" VALUES('A-3#1','A-3','import','stated',NULL,7,'Lee','absent',NULL,8,'2026-11-30T10:05:00.000000Z','','absent',NULL);
INSERT INTO "claim_labels" VALUES('A-3#2','A-3','import','stated',NULL,8,NULL,NULL,NULL,NULL,NULL,NULL,'stated',NULL);
INSERT INTO "claim_labels" VALUES('A-3#3','A-3','import','absent',NULL,9,'dana','absent',NULL,9,'2026-11-30T10:01:00.000000Z','','absent',NULL);
INSERT INTO "claim_labels" VALUES('A-1#2','A-1','import','stated',NULL,2,'kim','partial',NULL,10,'2026-12-06T06:28:28.940281Z','','partial',NULL);
INSERT INTO "claim_labels" VALUES('A-1#1','A-1','import','stated',NULL,1,'Lee','absent',NULL,2,'2026-11-30T10:05:00.000000Z','','absent',NULL);
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
);
INSERT INTO "claims" VALUES('A-1#1','A-1',1,'Sofas can be returned within 14 days','figure',1,'returns@0e68af73f024f5ac0884',0,36,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-1#2','A-1',2,'Delivery is free on orders over 50 pounds','figure',2,'delivery@092ed1b284abfb987fa8',42,83,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-1#3','A-1',3,'Refunds take 4 days','figure',1,'returns@0e68af73f024f5ac0884',89,108,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-2#1','A-2',1,'Sofas can be returned within 14 days','figure',1,'returns@0e68af73f024f5ac0884',0,36,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-2#2','A-2',2,'Delivery is free on orders over 50 pounds','figure',2,'delivery@092ed1b284abfb987fa8',42,83,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-2#3','A-2',3,'Refunds take 5 days','figure',1,'returns@0e68af73f024f5ac0884',89,108,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-3#1','A-3',1,'Sofas can be returned within 14 days','figure',1,'returns@0e68af73f024f5ac0884',0,36,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-3#2','A-3',2,'Delivery is free on orders over 50 pounds','figure',2,'delivery@092ed1b284abfb987fa8',42,83,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "claims" VALUES('A-3#3','A-3',3,'Refunds take 6 days','figure',1,'returns@0e68af73f024f5ac0884',89,108,'exact',0,0,NULL,'2026-12-06T06:28:28.271074Z');
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
CREATE TABLE "flags" (
   "answer_id" TEXT REFERENCES "answers"("id"),
   "check_name" TEXT,
   "details" TEXT,
   "at" TEXT,
   PRIMARY KEY ("answer_id", "check_name")
);
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
INSERT INTO "judgements" VALUES(1,'A-1#1','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(2,'A-1#2','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(3,'A-1#3','import','import','absent',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(4,'A-2#1','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(5,'A-2#2','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(6,'A-2#3','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(7,'A-3#1','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(8,'A-3#2','import','import','stated',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "judgements" VALUES(9,'A-3#3','import','import','absent',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-06T06:28:28.271074Z');
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
);
INSERT INTO "reviews" VALUES(1,'A-1#1','dana','stated',NULL,'',0,'2026-11-30T10:00:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(2,'A-1#1','Lee','absent',NULL,'',0,'2026-11-30T10:05:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(3,'A-1#3','dana','absent',NULL,'',0,'2026-11-30T10:01:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(4,'A-2#1','dana','stated',NULL,'',0,'2026-11-30T10:00:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(5,'A-2#1','Lee','absent',NULL,'',0,'2026-11-30T10:05:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(6,'A-2#3','dana','absent',NULL,'',0,'2026-11-30T10:01:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(7,'A-3#1','dana','stated',NULL,'',0,'2026-11-30T10:00:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(8,'A-3#1','Lee','absent',NULL,'',0,'2026-11-30T10:05:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(9,'A-3#3','dana','absent',NULL,'',0,'2026-11-30T10:01:00.000000Z','import',NULL);
INSERT INTO "reviews" VALUES(10,'A-1#2','kim','partial',NULL,'',0,'2026-12-06T06:28:28.940281Z','ui',NULL);
INSERT INTO "reviews" VALUES(11,'A-1#1','dana',NULL,NULL,'',0,'2026-12-06T06:28:28.955057Z','ui',NULL);
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
INSERT INTO "sources" VALUES('returns@0e68af73f024f5ac0884','returns','7395e0339bddedb82e2f5226592b400ab55d61af7925915ff28a7e1368793417',NULL,'help-centre','Sofas can be returned within 14 days. Refunds take 5 days.',NULL,'2026-12-06T06:28:28.271074Z');
INSERT INTO "sources" VALUES('delivery@092ed1b284abfb987fa8','delivery','5fbaa91b03b0b638026e55c89a526c569e6ab07ed1b906b8d5ed7f1252cc2528',NULL,'wiki','Delivery is free on orders over 50 pounds.',NULL,'2026-12-06T06:28:28.271074Z');
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
COMMIT;
