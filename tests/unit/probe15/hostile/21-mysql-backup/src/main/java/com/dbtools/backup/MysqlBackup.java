package com.dbtools.backup;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.zip.GZIPOutputStream;

/** MySQL 全量备份：mysqldump -> gzip -> 清理过期文件。 */
public final class MysqlBackup {

    private final Properties cfg;
    private final Path backupDir;

    MysqlBackup(Properties cfg) {
        this.cfg = cfg;
        this.backupDir = Path.of(cfg.getProperty("backup.dir", "/var/backups/mysql"));
    }

    private List<String> dumpCommand(String database) {
        List<String> cmd = new ArrayList<>(List.of(
                "mysqldump",
                "--host=" + cfg.getProperty("mysql.host", "127.0.0.1"),
                "--port=" + cfg.getProperty("mysql.port", "3306"),
                "--user=" + cfg.getProperty("mysql.user", "backup"),
                "--single-transaction", "--quick", "--routines", "--triggers", "--events",
                "--set-gtid-purged=OFF"));
        if (database == null) {
            cmd.add("--all-databases");
        } else {
            cmd.add("--databases");
            cmd.add(database);
        }
        return cmd;
    }

    /** 执行一次 mysqldump 并把输出流式压缩到 .sql.gz。 */
    Path dump(String database) throws IOException, InterruptedException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String name = (database == null ? "all" : database) + "-" + stamp + ".sql.gz";
        Path out = backupDir.resolve(name);
        ProcessBuilder pb = new ProcessBuilder(dumpCommand(database));
        // 密码通过环境变量传给 mysqldump，避免出现在进程列表里
        pb.environment().put("MYSQL_PWD", cfg.getProperty("mysql.password", ""));
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p = pb.start();
        try (InputStream in = p.getInputStream();
             OutputStream os = new GZIPOutputStream(Files.newOutputStream(out), 1 << 16)) {
            in.transferTo(os);
        }
        int code = p.waitFor();
        if (code != 0) {
            Files.deleteIfExists(out);
            throw new IOException("mysqldump 退出码 " + code);
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        Properties cfg = new Properties();
        Path cfgPath = Path.of(args.length > 0 ? args[0] : "backup.properties");
        try (var r = Files.newBufferedReader(cfgPath)) {
            cfg.load(r);
        }
        MysqlBackup job = new MysqlBackup(cfg);
        Files.createDirectories(job.backupDir);

        String dbs = cfg.getProperty("mysql.databases", "").trim();
        List<Path> created = new ArrayList<>();
        if (dbs.isEmpty()) {
            created.add(job.dump(null));
        } else {
            for (String db : dbs.split(",")) {
                created.add(job.dump(db.trim()));
            }
        }
        for (Path p : created) {
            System.out.printf("备份完成: %s (%.1f MB)%n", p, Files.size(p) / 1048576.0);
        }

        RetentionPolicy retention = new RetentionPolicy(cfg, job.backupDir);
        int removed = retention.apply();
        System.out.println("已清理过期备份: " + removed + " 个");
    }
}
