plugins {
    `kotlin-dsl`
}

repositories {
    google()
    mavenCentral()
}

gradlePlugin {
    plugins {
        create("feishuNotify") {
            id = "feishu-notify"
            implementationClass = "FeishuNotifyPlugin"
        }
    }
}
