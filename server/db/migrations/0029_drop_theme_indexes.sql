-- A theme's lists walk and count its tag postings (migration 0028): nothing reads these since.
DROP INDEX "items_theme_anime_idx";--> statement-breakpoint
DROP INDEX "items_theme_landscape_idx";--> statement-breakpoint
DROP INDEX "items_theme_minimalistic_idx";
