package com.dbtools.backup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/** 过期备份清理：只处理 backup.dir 下的备份文件，始终保留最近 N 份。 */
final class RetentionPolicy {

    private final Path backupDir;
    private final int days;
    private final int keepMin;

    RetentionPolicy(Properties cfg, Path backupDir) {
        this.backupDir = backupDir;
        this.days = Integer.parseInt(cfg.getProperty("retention.days", "14"));
        this.keepMin = Integer.parseInt(cfg.getProperty("retention.keep.min", "3"));
    }

    private static boolean isBackup(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".sql.gz") || n.endsWith(".sql.gz.enc");
    }

    private static Instant mtime(Path p) {
        try {
            return Files.getLastModifiedTime(p).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    int apply() throws IOException {
        List<Path> backups;
        try (Stream<Path> s = Files.list(backupDir)) {
            backups = s.filter(Files::isRegularFile).filter(RetentionPolicy::isBackup)
                    .sorted(Comparator.comparing(RetentionPolicy::mtime).reversed())
                    .toList();
        }
        Instant cutoff = Instant.now().minus(days, ChronoUnit.DAYS);
        int removed = 0;
        for (int i = keepMin; i < backups.size(); i++) {
            Path p = backups.get(i);
            if (mtime(p).isBefore(cutoff)) {
                Files.delete(p);
                removed++;
            }
        }
        return removed;
    }
}
