-- A computer player's level (the name of the bot that plays it); null plays at the default, normal.
ALTER TABLE "Seat" ADD COLUMN "bot" TEXT;
